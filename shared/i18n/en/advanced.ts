// Advanced: search limits, instant search, the preview engine, About (with the language choice).
export const advanced = {
  title: 'Advanced',
  description:
    'Settings most people never need to change: when a search stops, what it skips, the preview engine, and the logic catalog.',
  tabsLabel: 'Advanced settings',
  tabs: {
    limits: 'Search limits',
    engine: 'Preview engine',
    logic: 'Logic catalog',
    about: 'About',
  },
  couldNotChange: 'Could not change this',
  login: {
    title: 'Start at login',
    setting: 'Start FolderGate when I log in',
    hint: 'FolderGate waits in the tray, ready to ask you about AI requests right after you sign in.',
  },
  instant: {
    title: 'Instant search',
    setting: 'Keep a list of my folders for instant search',
    hint: 'FolderGate keeps the names, sizes and dates of the files in your folders (never what is inside them), so AI apps get complete answers at once. It takes about 140 MB of memory for a million files. Turned off, every search looks through the folder again: slower, and on very large folders in several parts.',
    holding: 'Holding {{count, number}} files and folders now.',
  },
  updates: {
    title: 'Updates',
    notChecked: 'FolderGate has not checked for a new version yet.',
    checking: 'Checking for a new version…',
    downloading: 'Downloading FolderGate {{version}}… {{percent}}%',
    ready: 'FolderGate {{version}} is downloaded and checked, ready to install.',
    upToDate: 'FolderGate is up to date (checked {{when}}).',
    problem: {
      offline:
        'FolderGate could not reach its update server. It keeps the version it has and tries again at the next check.',
      feed: 'The update server answered with something that is not an update. FolderGate keeps the version it has.',
      checksum:
        'The download was damaged (it did not match its checksum), so nothing was installed. FolderGate downloads it again at the next check.',
      other: 'The update could not be checked or downloaded. FolderGate keeps the version it has.',
    },
    unsupported: {
      'not-installed':
        'This copy runs from its source folder: new versions come with the installed app.',
      'web-host': 'FolderGate in a browser does not update itself: the desktop app does.',
      'no-feed':
        'This copy was built without an update address, so it cannot look for new versions.',
    },
    whatChanged: 'What is new in {{version}}',
    runningApps: {
      'keeps-running':
        'AI apps that are running go on with this version until they start FolderGate again; nothing they do is cut off.',
      'quit-first':
        'If an AI app that uses FolderGate is running, FolderGate asks you to quit it first: Windows cannot replace a program that runs.',
    },
    restart: 'Restart to update to {{version}}',
    waitingTitle: 'FolderGate restarts as soon as these are done',
    waitApproval_one: 'A request waits for your answer',
    waitApproval_other: '{{count, number}} requests wait for your answer',
    waitSearch_one: 'A search is running in Search preview',
    waitSearch_other: '{{count, number}} searches are running in Search preview',
    waitApp: 'Quit {{app}}: it is running FolderGate',
    waitUnknownApp: 'Quit the AI app running FolderGate (process {{pid}})',
    cancel: 'Don’t restart now',
    check: 'Check now',
    failed: 'The update did not go ahead',
    auto: 'Check for updates automatically',
    autoHint:
      'When FolderGate starts and once a day. A new version is downloaded in the background and installed only when you restart FolderGate.',
  },
  limits: {
    formLabel: 'Search limits',
    stopsTitle: 'When a search stops',
    stopsHint:
      'A search that reaches one of these limits stops and gives the files found so far; the AI app can then ask for more. They apply to every AI app and to the preview. Usual values: {{defaults}}.',
    defaults: '{{files}}, {{folders}}, {{seconds}}',
    fields: {
      maxFilesScanned: 'Stop a search after this many files',
      maxDirectoriesScanned: 'Stop a search after this many folders',
      timeoutSeconds: 'Stop a search after this many seconds',
    },
    files_one: '{{count, number}} file',
    files_other: '{{count, number}} files',
    folders_one: '{{count, number}} folder',
    folders_other: '{{count, number}} folders',
    seconds_one: '{{count, number}} second',
    seconds_other: '{{count, number}} seconds',
    number: 'Type a number from {{min}} to {{max}}.',
    whole: 'Type a whole number from {{min}} to {{max}}.',
    usual: 'Use the usual limits',
    skipTitle: 'Files and folders to skip',
    skipHint:
      'Searches never list these, in any allowed folder, and never look inside skipped folders.',
    skipLabel: 'Skip these <0>(one name or pattern per line)</0>',
    skipPlaceholder: 'For example:\nnode_modules\n*.tmp',
    skipHelp:
      'A name such as <0>node_modules</0> skips every file or folder with that name. A pattern such as <1>*.tmp</1> skips every name that ends in <3>.tmp</3>; use “/” between folder names, as in <2>photos/raw</2>.',
    linksTitle: 'Shortcuts (links) inside the folder',
    links: 'Look inside shortcuts (links) that point to another place in the same folder',
    linksHint:
      'A shortcut that leads outside the allowed folder is never followed. Turning this on can make searches slower and can list the same file twice.',
    saving: 'Saving…',
    save: 'Save changes',
    fixMarked: 'Fix the marked field to save.',
    discard: 'Discard changes',
    saved: 'Saved. Every AI app uses the new settings from its next search.',
    notSaved: 'The settings were not saved',
  },
  engine: {
    title: 'Preview engine',
    restarting: 'Restarting…',
    restart: 'Restart preview engine',
    explain1:
      'The preview engine runs only the searches you make in <0>Search preview</0>, in this window.',
    explain2:
      'Your AI apps (Claude, Cursor and the others) each start their own copy of FolderGate when they need it. Restarting the preview engine does not affect them.',
    checking: 'Checking the preview engine…',
    state: 'State:',
    states: {
      running: 'Running',
      starting: 'Starting',
      unresponsive: 'Not responding, restarting',
      restarting: 'Restarting',
      crashed: 'Stopped after errors',
      stopped: 'Stopped',
    },
    crashedTitle: 'The preview engine stopped after repeated errors',
    crashedBody:
      'Press <0>Restart preview engine</0>. If it stops again, the messages under Details say why. Your AI apps are not affected.',
    notRestarted: 'The preview engine did not restart',
    details: 'Details',
    technical: 'Technical state',
    pid: 'Process ID',
    restarts: 'Restarts',
    started: 'Started',
    runningAs: 'Running as',
    desktop: 'Desktop app',
    web: 'Web page in your browser',
    lastError: 'Last error',
    messages: 'Recent messages ({{count, number}})',
    noMessages: 'The preview engine has not written any messages.',
  },
} as const;

export const about = {
  title: 'About FolderGate',
  lead: 'FolderGate lets the AI apps on this computer find your files by date, only in the folders you choose, and shows you every request they make.',
  version: 'Version',
  settingsFile: 'Settings file',
  fastRead: {
    title: 'Fast first read',
    states: {
      on: 'On: new folders are ready for instant search sooner.',
      'off-platform':
        'Off on this computer: new folders are read more slowly; searches give the same answers.',
      'off-disabled':
        'Off, as set when FolderGate was started: new folders are read more slowly; searches give the same answers.',
      'off-failed':
        'Off: it could not start on this computer, so new folders are read more slowly; searches give the same answers.',
    },
    instantOff: 'Not used while instant search is off.',
    notRunning: 'Not known right now: instant search is not running.',
    elsewhere:
      'Not known here: another FolderGate on this computer runs instant search for these folders.',
  },
  language: {
    title: 'Language',
    label: 'Language of FolderGate',
    hint: 'The language of this window, the tray menu, notifications and the command line. What AI apps are told stays in English.',
    system: 'Same as this computer ({{language}})',
    failed: 'The language was not changed',
  },
  privacyTitle: 'Your privacy',
  privacy: {
    internet:
      'FolderGate never sends your files, their names or anything about them to the internet. It has no account, no analytics and no updates that call home.',
    contents:
      'It never opens a file to read what is inside: AI apps get names, sizes and dates only, and only from the folders you allowed.',
    talks: 'It talks only to the AI apps on this computer that you connected, and to this window.',
    local:
      'Its settings and the activity log stay in its data folder on this computer; you choose how long the log is kept (Activity › Settings).',
  },
  helpTitle: 'Help',
  help: {
    notSeenQ: 'My AI app does not see FolderGate',
    notSeenA:
      'Open AI apps, check it says Connected, then quit the AI app completely and open it again.',
    pausedQ: 'The AI says access is paused',
    pausedA:
      'Turn off “Pause AI access” at the bottom of the sidebar, or select Resume in the banner.',
    missingQ: 'A folder shows Missing',
    missingA:
      'Connect the drive it is on again, or remove it on the Folders screen and add the right one.',
  },
  removeTitle: 'Remove FolderGate',
  remove: {
    disconnect:
      'On the AI apps screen, select Disconnect for each connected app (their settings files are put back without FolderGate).',
    quit: 'Quit FolderGate from its tray menu.',
    uninstall:
      'Remove the app as you remove others: Settings › Apps on Windows, drag it to the Trash on a Mac, your package manager on Linux.',
    data: 'To remove your settings and the activity log as well, delete the data folder above.',
  },
  licencesTitle: 'Licences',
  licencesLead: 'FolderGate is built with these open-source parts:',
  part: 'Part',
  licence: 'Licence',
  usedFor: 'Used for',
  roles: {
    mcp: 'talks MCP with AI apps',
    window: 'draws the window',
    lists: 'long lists in Activity',
    checks: 'checks every message and setting',
    json: 'edits AI apps’ JSON settings, comments kept',
    toml: 'edits Codex’s TOML settings',
    yaml: 'edits Goose’s YAML settings',
    patterns: 'name patterns in searches',
    lock: 'one writer of each settings file',
    atomic: 'never half-written files',
    marks: 'the AI apps’ marks (each mark its owner’s trademark)',
    words: 'the words of the app in your language',
    updates: 'downloads and installs new versions of FolderGate',
  },
  dataFolder: 'Data folder:',
  openData: 'Open data folder',
  copied: 'Copied',
  copy: 'Copy path',
} as const;
