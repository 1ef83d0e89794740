// The last-activity line of the sidebar and Activity's shared formats: in the window's first download.
export const activityView = {
  outcome: {
    blocked: 'Blocked',
    cancelled: 'Cancelled',
    refused: 'Refused',
    failed: 'Failed',
    answered: 'Answered',
  },
  short: {
    blocked: '{{app}} was stopped from leaving a folder',
    refused: '{{app}} was refused',
    failed: '{{app}}’s request failed',
    cancelled: '{{app}} cancelled a request',
    searchedIn: '{{app}} searched {{root}}',
    searched: '{{app}} searched',
    logic: '{{app}} used the logic catalog',
    other: '{{app}} used FolderGate',
  },
  ago: {
    justNow: 'just now',
    minutes: '{{count, number}} min ago',
    hours: '{{count, number}} h ago',
  },
  tools: {
    search: 'Search by time',
    logicList: 'List logics',
    logicGet: 'Read a logic',
    prompt: 'Use a prompt',
    resourceRead: 'Read a saved result or the folder list',
  },
  args: {
    root: 'Folder',
    path: 'Inside',
    timeField: 'Time used',
    from: 'From',
    to: 'Until',
    glob: 'Names like',
    exclude: 'Left out',
    includeFiles: 'Files',
    includeDirectories: 'Folders',
    maxDepth: 'Depth',
    sort: 'Order',
    limit: 'At most',
    cursor: 'Page',
    recursive: 'Subfolders',
    name: 'Logic',
  },
  sort: { time_desc: 'newest first', time_asc: 'oldest first', path_asc: 'by path' },
  value: {
    created: 'when created',
    changed: 'when changed',
    cursor: 'a next page of an earlier search',
    yes: 'yes',
    no: 'no',
    wholeFolder: '(the whole folder)',
  },
  fix: {
    AccessPaused:
      'AI access was paused. Turn it back on in the sidebar when you want AI apps to search again.',
    NoAllowedRoots: 'Add a folder on the Folders screen.',
    RootNotAllowed:
      'Nothing to do, unless you want to allow that folder: add it on the Folders screen.',
    PathTraversalDetected: 'Nothing to do: FolderGate kept the AI app inside your folder.',
    SymlinkEscapeDetected: 'Nothing to do: FolderGate did not follow a link out of your folder.',
    PathNotRelative: 'Nothing to do: FolderGate kept the AI app inside your folder.',
    RootReplaced:
      'Check the folder on the Folders screen: use the folder that is there now, or remove it.',
    PathNotFound: 'The AI app asked for a folder that does not exist; it can try another.',
    TimeoutExceeded:
      'The AI app can search a smaller folder, or you can raise the time limit in Advanced › Search limits.',
    ScanLimitExceeded:
      'The AI app can search a smaller folder, or you can raise the limits in Advanced › Search limits.',
    AccessDenied: 'Check that your user account may read that folder.',
    RpcInvalidParams:
      'The AI app sent a request FolderGate does not understand; updating the app may help.',
    DeniedByUser:
      'You refused it, so the AI app got nothing. If it should search, choose Allow when it asks again, or set it to “Never ask” under Control › Ask me first.',
    deniedByRule:
      'Your rule for this app refused it without asking. To let it search, change its rule under Control › Ask me first › Per app.',
    ApprovalUnavailable:
      'Nobody answered the request in time, so it was refused. Keep FolderGate open while AI apps work, or turn off Control › Ask me first.',
    ToolDisabled:
      'This kind of search is switched off: switch it on in Control if AI apps should use it.',
    other: 'The AI app may try again with different arguments.',
  },
} as const;
