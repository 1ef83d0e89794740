// The command line's words for people (`foldergate …`); option names and commands stay as typed.
export const cli = {
  usage: `Usage: foldergate <command>

Commands:
  start [--port N]              Open FolderGate: the desktop app when Electron is installed,
                                otherwise in your browser (same as "web")
  web [--port N]                Open FolderGate in your browser (127.0.0.1 only; port 0 = any free port)
  roots list                    Show the folders AI apps may search
  roots add <folder> [--name N] Allow AI apps to search a folder
  roots remove <folder|name>    Stop allowing a folder
  roots confirm <folder|name>   Allow the folder now at a moved or replaced folder's location
  settings start-over           Keep an unusable settings file aside and begin again from defaults
  demo [folder]                 Try the MCP server on a demo folder and see how to connect AI apps
  clients list [--json]         Show the AI apps FolderGate can connect, and their state
  clients register <id>...      Connect AI apps to FolderGate (or: --all-detected)
  clients unregister <id>...    Remove FolderGate from AI apps, nothing else (or: --all)
  clients undo <id>             Put an AI app's config back as it was before FolderGate changed it
  help                          Show this help

Settings live in the FolderGate app data folder (FOLDERGATE_HOME overrides it).`,
  error: 'Error: {{message}}',
  roots: {
    none: 'No folders are allowed yet: AI apps cannot search anything.',
    addHint: 'Add one with: foldergate roots add <folder> [--name <name>]',
    title: 'Folders AI apps may search ({{file}}):',
    replacedState: 'moved or replaced',
    notChosen: 'This is no longer the folder you chose{{nowAt}}: AI apps cannot search it.',
    nowAt: ' (it now leads to {{path}})',
    confirmHint: 'If the folder there now is the one you want: foldergate roots confirm {{name}}',
    defaultMark: '  * = default folder',
    note: 'Note: {{problem}}',
    usable: 'The settings file can be used: nothing to start over ({{file}}).',
    startedOver: 'FolderGate starts over from default settings: no folder is allowed now.',
    added: "Added '{{name}}': {{path}}",
    warning: 'Warning: {{warning}}',
    nextRequest: 'AI apps connected to FolderGate can search it from their next request.',
    confirmed: "AI apps may now search the folder at '{{name}}': {{path}}.",
    removed: "Removed '{{name}}': AI apps can no longer search {{path}}.",
    listHint: 'See the allowed folders with: foldergate roots list',
    fixSettings:
      'Fix {{file}} in a text editor, or start over with default settings (the file is kept aside as settings.corrupt-<time>.json): foldergate settings start-over',
  },
  clients: {
    status: {
      'not-installed': 'not installed',
      'not-connected': 'not connected',
      connected: 'connected',
      'needs-repair': 'needs repair',
      unreadable: 'unreadable',
    },
    title: 'AI apps FolderGate can connect:',
    connectHint: 'Connect one with: foldergate clients register <id>   (or --all-detected)',
    connected: 'Connected {{name}}: {{file}}{{backup}}',
    backup: ' (backup: {{path}})',
    already: '{{name}} was already connected: {{file}}',
    disconnected: 'Disconnected {{name}}: {{file}}',
    notConnected: '{{name}} was not connected: {{file}}',
    restored: 'Restored {{file}} as it was before FolderGate changed it.',
    noneFound: 'No AI apps were found on this computer (looked for: {{ids}}).',
    noneConnected: 'FolderGate is not connected to any AI app: nothing to remove.',
    error: 'Error ({{id}}): {{message}}',
  },
  start: {
    headless: 'FOLDERGATE_HEADLESS=1 is set',
    noDesktop: 'there is no desktop session here (neither DISPLAY nor WAYLAND_DISPLAY is set)',
    noPackage: 'the Electron package is not installed',
    notDownloaded: 'the Electron binary was not downloaded when FolderGate was installed',
    missing: 'the Electron binary is missing ({{binary}})',
    notBuilt: 'the desktop app is not built yet (run `npm run build`)',
    failed: 'the desktop app could not start ({{why}})',
    exited: 'it exited with code {{code}}',
  },
  demo: {
    notBuilt: 'The server is not built yet: run `npm run build` (npm start does it for you).',
    started: 'FolderGate MCP server started on {{root}}',
    tools: 'Tools: {{tools}}',
    newest: 'The 5 most recently modified files',
    markdown: 'Markdown files, by path',
    connect: 'Connect your AI apps (no config file to edit by hand):',
    list: 'which AI apps are on this computer',
    all: 'connect every one found',
    named: 'or only the ones you name',
    folders: 'They then search the folders chosen in FolderGate (settings in {{dir}}):',
    inspector: 'To try this demo folder in the MCP Inspector:',
  },
  web: {
    serverNotBuilt:
      'Warning: the MCP server is not built yet (run `npm run build`); the preview will not work.',
    windowNotBuilt: 'Warning: the FolderGate window is not built yet (run `npm run build`).',
    previewFailed: 'Warning: the preview server did not start: {{message}}',
    portInUse:
      'Error: port {{port}} is already in use.\n  Choose another one with --port, or --port 0 for any free port.',
    reason: 'Opening FolderGate in your browser: {{reason}}.',
    running: 'FolderGate is running. Open this link in a browser on this computer:',
    settings: 'Settings: {{file}}',
    stop: 'Press Ctrl+C to stop.',
    stopped: 'FolderGate stopped.',
  },
} as const;
