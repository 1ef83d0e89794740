// Folders: the AI apps still running FolderGate's server from before a per-folder rule in use.
export const olderServers = {
  title: 'Quit and reopen {{apps}}',
  body_one:
    '{{apps}} still runs FolderGate from before this version, which does not keep {{rules}}. Until it is opened again, it may search as if these were not set.',
  body_other:
    '{{apps}} still run FolderGate from before this version, which does not keep {{rules}}. Until they are opened again, they may search as if these were not set.',
  handWritten: 'an AI app set up by hand',
  rules: {
    apps: 'which AI apps may search a folder',
    until: 'how long a folder is allowed',
    leaveOut: 'left-out subfolders',
  },
} as const;
