// Each AI app's own mark, so Claude and Cursor no longer look alike: the Simple Icons glyphs
// (simple-icons, CC0; the marks stay their owners' trademarks, shown only to name the app), drawn
// in the text colour on a soft tile so they read in both themes. Apps Simple Icons does not carry
// (VS Code, Codex, Continue, Goose) get a two-letter monogram.
import type { ReactNode } from 'react';
import {
  siClaude,
  siClaudecode,
  siCline,
  siCursor,
  siGooglegemini,
  siLmstudio,
  siWindsurf,
  siZedindustries,
  type SimpleIcon,
} from 'simple-icons';
import type { ClientId } from '#shared/clients/clients.js';
import { Icon } from '../../ui/icons.js';
import './ai-apps.css';

const GLYPHS: Partial<Record<ClientId, SimpleIcon>> = {
  'claude-desktop': siClaude,
  'claude-code': siClaudecode,
  cursor: siCursor,
  windsurf: siWindsurf,
  cline: siCline,
  zed: siZedindustries,
  'gemini-cli': siGooglegemini,
  'lm-studio': siLmstudio,
};

// Codex's and Antigravity's monograms; the other apps without a glyph take the first two letters of their name
// ("VS", "Co", "Go").
// eslint-disable-next-line no-restricted-syntax -- a two-letter mark drawn in the tile (aria-hidden), not a word
const MONOGRAMS: Partial<Record<ClientId, string>> = { codex: 'Cx', 'antigravity-cli': 'Ag' };

/** The app's mark (decorative: the row names the app in words); a plug for an unknown app. */
export function ClientIcon(props: { id: ClientId | null; name: string }): ReactNode {
  if (props.id === null)
    return (
      <div className="icon-tile client-icon" aria-hidden="true" data-icon="unknown">
        {Icon.plug}
      </div>
    );
  const glyph = GLYPHS[props.id];
  return (
    <div
      className="icon-tile client-icon"
      aria-hidden="true"
      data-icon={glyph ? 'glyph' : 'monogram'}
    >
      {glyph ? (
        <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" focusable="false">
          <path d={glyph.path} />
        </svg>
      ) : (
        (MONOGRAMS[props.id] ?? props.name.slice(0, 2))
      )}
    </div>
  );
}
