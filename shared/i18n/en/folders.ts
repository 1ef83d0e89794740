// The Folders screen and the way to add a folder (also used by the first run).
export const folders = {
  title: 'Folders',
  description:
    'AI apps can search only the folders listed here, and nothing outside them. Changes apply to every connected AI app right away.',
  allowed: 'Allowed folders',
  addFolder: 'Add folder',
  couldNotLoad: 'Could not load your folders',
  loading: 'Loading folders…',
  emptyTitle: 'No folders yet',
  emptyBody:
    'AI apps cannot search anything until you add a folder. Add one below — for example your Documents folder or a project folder.',
  addTitle: 'Add a folder',
  done: 'Done',
  add: {
    formLabel: 'Add a folder',
    added: 'Added “{{name}}”.',
    pathLabel: 'Folder path',
    pathHint:
      'Type or paste the path of a folder on this computer; it is completed and checked as you type.',
    pathExample: 'e.g. {{path}}',
    nameLabel: 'Display name',
    optional: '(optional)',
    adding: 'Adding…',
    notAdded: 'The folder was not added',
    choose: 'Choose a folder…',
    waiting: 'Waiting for your choice…',
    orDrag: 'or drag a folder here',
    usual: 'Your usual folders — add one with a click:',
    addNamed: 'Add {{name}}',
    filesMore: '{{count, number}}+ files',
    empty: 'empty',
    files_one: '{{count, number}} file',
    files_other: '{{count, number}} files',
  },
  check: {
    checking: 'Checking the folder…',
    failed: 'Could not check this folder',
    cannotAdd: 'This folder cannot be added.',
    didYouMean: 'Did you mean <0>{{path}}</0>?',
    ready: 'Ready to add <0>{{path}}</0>',
    warnings: 'Warnings about this folder',
  },
  remove: {
    title: 'Remove “{{name}}”?',
    confirm: 'Remove folder',
    body: 'AI apps will no longer be able to search this folder. Nothing on disk is deleted.',
    failed: 'The folder was not removed',
  },
  replaced: {
    title: 'Use the folder now at “{{name}}”?',
    confirm: 'Use this folder',
    body: 'This is no longer the folder you chose: it was moved, or another folder took its place. AI apps will be able to search the folder that is there now:',
    onlyIf: 'Choose this only if you know this folder and want AI apps to search it.',
    failed: 'The folder was not changed',
  },
  risk: {
    drive: {
      title: 'Allow AI to search this whole drive?',
      body: 'AI apps could search every file on this drive, including other people’s files and the system’s. A smaller folder, such as Documents, is safer.',
      confirm: 'Allow the whole drive',
    },
    home: {
      title: 'Allow AI to search your whole home folder?',
      body: 'AI apps could search all your personal files: documents, photos, downloads, and the settings of your apps. A smaller folder, such as Documents, is safer.',
      confirm: 'Allow the whole home folder',
    },
    system: {
      title: 'Allow AI to search a system folder?',
      body: 'This folder holds files of the operating system, not your documents. AI apps rarely need it.',
      confirm: 'Allow this system folder',
    },
  },
} as const;

export const folderRow = {
  state: {
    ok: { label: 'Available', hint: 'The folder exists and can be read.' },
    missing: {
      label: 'Missing',
      hint: 'The folder does not exist any more (moved, renamed or on a disconnected drive).',
    },
    unreadable: { label: 'No access', hint: 'FolderGate is not allowed to read this folder.' },
    'not-a-folder': { label: 'Not a folder', hint: 'This path is a file, not a folder.' },
    replaced: {
      label: 'Moved or replaced',
      hint: 'This folder was moved or replaced: its location no longer leads to the folder you chose, so AI apps cannot search it. If the folder now there is the one you want (for example a project you downloaded again), choose “Use this folder”; otherwise remove it.',
    },
  },
  defaultNote: 'The default folder: AI apps search here when they don’t name a folder.',
  nowAt: 'Its location now leads to <0>{{path}}</0>',
  otherFolderNow:
    'The folder at <0>{{path}}</0> is not the one you chose. Until you choose “Use this folder”, FolderGate lets no AI app search it.',
  warnings: 'Warnings about {{name}}',
  defaultFailed: 'Could not change the default',
  saving: 'Saving…',
  makeDefault: 'Make default',
  makeDefaultLabel: 'Make default: {{name}}',
  useFolder: 'Use this folder',
  useFolderLabel: 'Use this folder for {{name}}',
  rename: 'Rename',
  renameLabel: 'Rename {{name}}',
  remove: 'Remove',
  removeLabel: 'Remove {{name}}',
  nameEmpty: 'Type a name for this folder, or press Cancel to keep “{{name}}”.',
  newName: 'New name for {{name}}',
  save: 'Save',
  renameFailed: 'Could not rename',
} as const;

export const readiness = {
  ready: 'Ready for instant search',
  preparing: 'Preparing for instant search… {{percent}}%',
  walking: 'Searched by walking: {{reason}}.',
  reasons: {
    links: 'shortcuts (links) are followed, which instant search does not cover',
    'network-drive': 'it is on a network drive, which does not tell this computer about changes',
    'removable-drive': 'it is on a removable drive',
    'too-many-folders': 'it holds more folders than this computer can watch for changes',
    'watcher-failed': 'changes in it cannot be followed',
    unreadable: 'it could not be read in full',
    notIndexed: 'it is not indexed',
  },
} as const;
