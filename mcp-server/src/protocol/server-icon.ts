// The icon the server shows itself and its tools with (MCP `icons`; VS Code shows `data:` icons of
// stdio servers): the app icon, build/icon.svg without its comment and white space, as a `data:`
// URI under 1 kB. server-icon.test.ts holds it to build/icon.svg.

/** The app icon as an MCP Icon. */
export const SERVER_ICON = {
  src: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA2NCA2NCI+PGRlZnM+PGxpbmVhckdyYWRpZW50IGlkPSJiZyIgeDE9IjAiIHkxPSIwIiB4Mj0iMCIgeTI9IjEiPjxzdG9wIG9mZnNldD0iMCIgc3RvcC1jb2xvcj0iIzNiODJmNiIvPjxzdG9wIG9mZnNldD0iMSIgc3RvcC1jb2xvcj0iIzFkNGVkOCIvPjwvbGluZWFyR3JhZGllbnQ+PC9kZWZzPjxyZWN0IHg9IjMiIHk9IjMiIHdpZHRoPSI1OCIgaGVpZ2h0PSI1OCIgcng9IjEzIiBmaWxsPSJ1cmwoI2JnKSIvPjxwYXRoIGQ9Ik0xMCAxOWE0IDQgMCAwIDEgNC00aDEwLjVsNC41IDVoMjFhNCA0IDAgMCAxIDQgNHYyMmE0IDQgMCAwIDEtNCA0SDE0YTQgNCAwIDAgMS00LTR6IiBmaWxsPSIjZmZmIi8+PHBhdGggZD0iTTMyIDI1LjVsMTAgMy41djdjMCA2LTQuMiAxMC4zLTEwIDEyLjUtNS44LTIuMi0xMC02LjUtMTAtMTIuNXYtN3oiIGZpbGw9IiMxZDRlZDgiLz48cGF0aCBkPSJNMjcuNSAzNi41bDMuMiAzLjIgNi02LjQiIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIzIiBzdHJva2UtbGluZWNhcD0icm91bmQiIHN0cm9rZS1saW5lam9pbj0icm91bmQiLz48L3N2Zz4=',
  mimeType: 'image/svg+xml',
  sizes: ['any'],
};
