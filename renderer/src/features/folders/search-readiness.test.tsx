// What a folder's line says for each state the search engine reports.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchReadiness } from './search-readiness.js';

const base = { path: '/home/me/Documents', entries: 1200, percent: null, reason: null };

describe('SearchReadiness', () => {
  it('says a folder is ready for instant search', () => {
    render(<SearchReadiness status={{ ...base, state: 'ready' }} />);
    expect(screen.getByTestId('search-readiness').textContent).toBe('Ready for instant search');
  });

  it('shows how far the preparation is, as text and as a labelled progress bar', () => {
    render(<SearchReadiness status={{ ...base, state: 'preparing', percent: 42 }} />);
    expect(screen.getByText('Preparing for instant search… 42%')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Preparing for instant search… 42%' });
    expect(bar.getAttribute('value')).toBe('42');
  });

  it('says in plain words why a folder is searched by walking', () => {
    const { rerender } = render(
      <SearchReadiness status={{ ...base, state: 'walking', reason: 'network-drive' }} />,
    );
    expect(screen.getByTestId('search-readiness').textContent).toBe(
      'Searched by walking: it is on a network drive, which does not tell this computer about changes.',
    );
    rerender(
      <SearchReadiness status={{ ...base, state: 'walking', reason: 'too-many-folders' }} />,
    );
    expect(screen.getByTestId('search-readiness').textContent).toBe(
      'Searched by walking: it holds more folders than this computer can watch for changes.',
    );
  });

  it('says nothing while the engine has said nothing about the folder', () => {
    const { container } = render(<SearchReadiness status={undefined} />);
    expect(container.textContent).toBe('');
  });
});
