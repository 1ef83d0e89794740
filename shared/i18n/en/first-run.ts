// The guided start: welcome, folders, connect an AI app, done.
export const firstRun = {
  welcomeTitle: 'Welcome',
  steps: {
    label: 'Setup steps',
    welcome: 'Welcome',
    folders: 'Choose folders',
    connect: 'Connect an AI app',
    done: 'Done',
  },
  finishFailed: 'Could not finish setup',
  back: 'Back',
  continue: 'Continue',
  welcome: {
    title: 'Welcome to FolderGate',
    lead: 'FolderGate lets the AI apps on this computer find your files by date — only in the folders you choose.',
    choose: '<0>You choose the folders.</0> Everything else on this computer stays out of reach.',
    dates:
      '<0>Names, sizes and dates only.</0> AI apps can find files by when they were changed or created; they cannot open or change them through FolderGate.',
    pause: '<0>Pause at any time.</0> One switch stops every AI app from searching.',
    skip: 'Skip setup',
    skipping: 'Skipping…',
    start: 'Get started',
  },
  folders: {
    title: 'Choose the folders AI may search',
    lead: 'Pick folders you are happy for AI apps to look through, like Documents or a project folder. You can change this later.',
    soFar: 'Allowed so far',
    default: 'Default',
    defaultNote: 'The <0>Default</0> folder is where AI apps search when they don’t name a folder.',
    withoutFolders: 'Continue without folders',
  },
  connect: {
    title: 'Connect your AI app',
    lead: 'Connect the AI apps you want to use with your folders. FolderGate adds itself to the app’s settings and changes nothing else there; you can undo it on the AI apps screen.',
    checkFailed: 'Could not check your AI apps',
    looking: 'Looking for AI apps on this computer…',
    noneTitle: 'No AI apps found on this computer',
    noneBody:
      'FolderGate knows {{count, number}} AI apps — Claude Desktop, Cursor, VS Code and more — but did not find any of them here. When you install one, connect it on the <0>AI apps</0> screen.',
    listLabel: 'AI apps on this computer',
    skip: 'Skip for now',
  },
  done: {
    title: 'You’re all set',
    lead_one: 'AI apps may now search {{count, number}} folder.',
    lead_other: 'AI apps may now search {{count, number}} folders.',
    noFolders:
      'No folders are allowed yet, so AI apps cannot search anything. Add folders any time on the Folders screen.',
    connected:
      'Connected: <0>{{names}}</0>. If it is open, restart it so it notices FolderGate (the <1>AI apps</1> screen says how), then ask it <2>find my PDFs from last week</2>. Each request it makes shows in <3>Activity</3>, and the AI apps screen says when it was last used.',
    working_one:
      'Working now: <0>{{names}}</0> has already reached FolderGate, so there is nothing to restart. Ask it <1>find my PDFs from last week</1>; each request it makes shows in <2>Activity</2>.',
    working_other:
      'Working now: <0>{{names}}</0> have already reached FolderGate, so there is nothing to restart. Ask them <1>find my PDFs from last week</1>; each request they make shows in <2>Activity</2>.',
    connectLater: 'Connect an AI app any time on the <0>AI apps</0> screen.',
    tryPreview:
      'Try a search yourself in <0>Search preview</0> — you see exactly what an AI app would get.',
    pause: 'Use <0>Pause AI access</0> in the sidebar whenever you want AI apps to stop searching.',
    finishing: 'Finishing…',
    finish: 'Finish',
    open: 'Open FolderGate',
  },
} as const;
