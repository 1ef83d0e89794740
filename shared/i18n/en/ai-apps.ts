// The AI apps screen: connecting, repairing and undoing, each app's status and next step.
export const aiApps = {
  title: 'AI apps',
  description:
    'Connect the AI apps on this computer to FolderGate, so they can search the folders you chose. FolderGate adds one entry to the app’s settings file and changes nothing else in it.',
  checkAgain: 'Check again',
  checkFailed: 'Could not check your AI apps',
  checking: 'Checking your AI apps…',
  onComputer: 'On this computer',
  onComputerHint: 'After you connect or disconnect an app, restart it as shown so it notices.',
  noneTitle: 'No AI apps found',
  noneBody:
    'FolderGate did not find any of the AI apps it knows on this computer. Install one, then press Check again — or connect one from the list below.',
  listLabel: 'AI apps on this computer',
  others: 'Other AI apps',
  notFound: 'Not found on this computer',
  notFoundHint:
    'If one of these is installed somewhere FolderGate did not look, Connect still adds FolderGate to its settings file.',
  showMore_one: 'Show {{count, number}} more app',
  showMore_other: 'Show {{count, number}} more apps',
  status: {
    connected: 'Connected',
    'not-connected': 'Not connected',
    'needs-repair': 'Needs repair — FolderGate moved or was updated',
    unreadable: 'Can’t read its settings file',
    'not-installed': 'Not found on this computer',
  },
  action: {
    connect: { label: 'Connect', busy: 'Connecting…' },
    disconnect: { label: 'Disconnect', busy: 'Disconnecting…' },
    repair: { label: 'Repair', busy: 'Repairing…' },
    rebuild: { label: 'Back up and repair', busy: 'Repairing…' },
    undo: { label: 'Undo FolderGate’s changes', busy: 'Undoing…' },
    allow: { label: 'Let Gemini CLI use FolderGate', busy: 'Changing its lists…' },
    removeEntry: { label: 'Remove the settings-file entry', busy: 'Removing…' },
  },
  actionLabel: '{{action}} {{name}}',
  undo: {
    connect: 'Undo connect',
    disconnect: 'Undo disconnect',
    repair: 'Undo repair',
    allow: 'Undo the list change',
  },
  undoLabel: '{{action}}: {{name}}',
  result: {
    alreadyConnected: '{{name}} was already connected; nothing changed.',
    alreadyNotConnected: '{{name}} was already not connected; nothing changed.',
    connect: '{{name}} is connected to FolderGate.',
    repair: '{{name}} is repaired and connected to FolderGate again.',
    rebuild:
      '{{name}}’s settings file is repaired and connected to FolderGate. The file as it was is kept: “Undo repair” puts it back.',
    disconnect: '{{name}} is no longer connected to FolderGate.',
    undo: '{{name}}’s settings file is back to how it was before FolderGate changed it.',
    allow:
      '{{name}} may start FolderGate now; only its mcp.excluded and mcp.allowed lists changed.',
  },
  updated: {
    title: 'Updated FolderGate’s entry for the new version',
    from: 'Previous program: {{from}}',
  },
  notChanged: '{{name}} was not changed.',
  notChangedTitle: '{{name}} was not changed',
  next: 'Next:',
  details: 'Details',
  writes: 'What FolderGate writes into this file:',
  holds: 'What the file holds now:',
  none: 'none',
  line: 'Line {{line}}',
  lineColumn: 'Line {{line}}, column {{column}}',
  restart: {
    'claude-desktop':
      'Quit Claude completely (from its tray or menu-bar icon, not just the window) and open it again.',
    'claude-code': 'Start a new Claude Code session (exit with /exit and run `claude` again).',
    cursor:
      'Cursor picks the change up by itself; if FolderGate is not listed, open Settings → MCP and switch it on, or restart Cursor.',
    vscode:
      'VS Code reloads mcp.json by itself; start the server from the MCP: List Servers command (or reload the window).',
    windsurf:
      'In Windsurf, press the refresh button in Cascade’s MCP servers panel (or restart Windsurf).',
    cline: 'Cline reloads its MCP settings by itself; if not, reload the VS Code window.',
    zed: 'Zed applies settings.json when it changes; open the Agent panel to see FolderGate.',
    'gemini-cli': 'Start a new Gemini CLI session (run `gemini` again).',
    'antigravity-cli':
      'Start a new Antigravity CLI session (run `agy` again); `/mcp` lists FolderGate.',
    codex: 'Start a new Codex session (run `codex` again).',
    'lm-studio':
      'LM Studio reloads mcp.json by itself; if FolderGate is missing, restart LM Studio.',
    continue: 'Continue reloads config.yaml by itself; use Agent mode to call FolderGate’s tools.',
    goose:
      'Start a new Goose session (quit and reopen Goose Desktop, or run `goose session` again).',
  },
  problem: {
    unreadable: 'FolderGate can’t read {{name}}’s settings file, so it leaves it untouched',
    programGone: '{{name}} can’t start FolderGate: the program it uses is gone',
    otherProfiles: 'Some {{name}} profiles won’t see FolderGate',
    duplicate: '{{name}}’s settings file lists FolderGate more than once',
    excluded: 'Connected, but {{name}}’s settings exclude it',
    twice: 'FolderGate is in {{name}} twice',
    readOnly: 'FolderGate can’t change {{name}}’s settings file',
    typingMistake:
      'It has a typing mistake. FolderGate can keep a copy of it and write a repaired file with everything it could read, plus FolderGate.',
    byHand: 'The mistake, for fixing it by hand',
  },
  file: {
    label: 'Settings file',
    opening: 'Opening…',
    show: 'Show settings file',
    showLabel: 'Show settings file of {{name}}',
    copied: 'Copied',
    copyFailed: 'Copy failed',
    copy: 'Copy path',
    copyLabel: '{{action}} ({{name}}’s settings file)',
  },
  repairAll: {
    title_one: '{{count, number}} AI app cannot use FolderGate until it is repaired',
    title_other: '{{count, number}} AI apps cannot use FolderGate until they are repaired',
    gone: 'The program they start FolderGate with is no longer on this computer (Node or FolderGate was updated or moved): {{names}}.',
    differ: 'Their FolderGate entries differ from what FolderGate writes now: {{names}}.',
    button: 'Repair all {{count, number}}',
    busy: 'Repairing…',
    done: 'Repaired {{count, number}} AI apps. Restart each of them so it notices.',
    partly:
      'Repaired {{repaired, number}} of {{count, number}} AI apps; {{failed}} could not be repaired (see its row).',
  },
  extension: {
    title: 'Claude extension',
    intro:
      'Claude can also take FolderGate as an extension: one file Claude installs with one click, which uses the folders you chose here. Use one way, not both.',
    viaExtension: 'Connected as a Claude extension.',
    viaFile: 'Connected through Claude’s settings file.',
    disabled: 'Added as a Claude extension, but switched off in Claude’s Settings › Extensions.',
    outdated: 'Claude has an extension from an older FolderGate: add the new one.',
    remove: 'To remove it, open Claude’s Settings › Extensions.',
    fileFirst: 'To switch to the extension, disconnect the settings file first.',
    add: 'Add to Claude',
    adding: 'Building the extension…',
    opened: 'FolderGate.mcpb is ready in {{file}}. Claude opens it: select Install there.',
    ready: 'FolderGate.mcpb is ready in {{file}}: open it with Claude and select Install.',
    download: 'Download FolderGate.mcpb',
    downloadHint: 'Open the downloaded file with Claude and select Install.',
  },
  tryIt: {
    ask: '<0>Try it:</0> {{hint}} Then ask {{name}} <1>find my PDFs from last week</1>.',
    works: 'It works: {{what}} {{when}}.',
    failed:
      '{{name}} reached FolderGate {{when}}, but its request did not go through: Activity says why.',
    waiting: 'Waiting for {{name}}’s first request…',
    lastUsed: 'Last used {{when}}',
    notUsed: 'Not used yet',
  },
} as const;
