// The app's line icons (24-px grid, stroke in currentColor), drawn inline so no file or font is loaded.
import type { ReactNode } from 'react';
import './ui.css';

// Every icon is a 24×24 line drawing in the current text colour.
export function lineIcon(children: ReactNode, size = 20, weight = 1.8): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** Inline icons (SVG, no external requests). */
export const Icon = {
  folder: lineIcon(
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  ),
  search: lineIcon(
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>,
  ),
  logic: lineIcon(
    <>
      <ellipse cx="12" cy="6" rx="7" ry="2.8" />
      <path d="M5 6v6c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8V6M5 12v6c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8v-6" />
    </>,
  ),
  server: lineIcon(
    <>
      <rect x="3.5" y="4" width="17" height="7" rx="2" />
      <rect x="3.5" y="13" width="17" height="7" rx="2" />
      <path d="M7.5 7.5h.01M7.5 16.5h.01" strokeWidth="2.6" />
    </>,
  ),
  plug: lineIcon(<path d="M9 3.5V8M15 3.5V8M6.5 8h11v3a5.5 5.5 0 0 1-11 0zM12 16.5v4" />),
  activity: lineIcon(<path d="M3 12h4l2.5-6 5 12 2.5-6h4" />),
  guide: lineIcon(
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m14.8 9.2-1.8 4.6-4.6 1.8 1.8-4.6z" />
    </>,
  ),
  pause: lineIcon(<path d="M9 6v12M15 6v12" />, 20, 2),
  shield: lineIcon(
    <>
      <path d="M12 3.5 5 6.2v5.3c0 4.3 2.9 7.6 7 9 4.1-1.4 7-4.7 7-9V6.2z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>,
  ),
  check: lineIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />, 20, 2.2),
  warning: lineIcon(
    <>
      <path d="M12 4 2.8 19.5h18.4z" />
      <path d="M12 10v4.5M12 17h.01" />
    </>,
    16,
    2,
  ),
  file: lineIcon(
    <>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4" />
    </>,
    16,
  ),
  smallFolder: lineIcon(
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
    16,
  ),
};
