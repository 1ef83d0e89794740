// The approval banner and prompt, the pause switch and the Control screen.
export const approval = {
  allowOnce: 'Allow once',
  deny: 'Deny',
  allow15: 'Allow for 15 minutes',
  allowAlways: 'Allow always for this app',
  waits: 'The app waits for your answer. Refused automatically <0>in {{left}}</0>.',
  needed: 'Approval needed',
  neededOf: 'Approval needed · {{index, number}} of {{count, number}}',
  folder: 'Folder: <0>{{folder}}</0>',
  answerGroup: 'Your answer',
  keys: 'Enter allows once · Esc denies',
  rememberGroup: 'Remember my answer',
  notSent: 'Your answer was not sent',
  noName: 'an app that gave no name',
  namedApp: 'an app that calls itself “{{name}}”',
  sentByChecked: 'Sent by {{app}}. FolderGate checked which program on this computer sent it.',
  originDetails: 'Details',
  sentByProgram:
    'Sent by {{app}} from process {{pid}} (<0>{{executable}}</0>), which the program “{{program}}” started.',
  sentByProcess: 'Sent by {{app}} from process {{pid}} (<0>{{executable}}</0>).',
  sentByUnchecked:
    'Sent by {{app}}. FolderGate could not check which program sent it: deny it unless you expected it.',
  sentBy:
    'Sent by {{app}}, through FolderGate’s connection. This system does not tell FolderGate which program sent it.',
} as const;

export const pause = {
  label: 'Pause AI access',
  failed: 'Could not change AI access',
  until: 'until {{time}}',
  untilTomorrow: 'until tomorrow, {{time}}',
  untilDay: 'until {{day}}, {{time}}',
  pausedUntil:
    '<0>AI access is paused {{until}}.</0> AI apps are refused every search until then, or until you resume.',
  paused: '<0>AI access is paused.</0> AI apps are refused every search until you resume.',
  resuming: 'Resuming…',
  resume: 'Resume AI access',
  resumeFailed: 'Could not resume',
} as const;

export const control = {
  title: 'Control',
  description:
    'Decide what AI apps may do with FolderGate. Changes apply to every connected AI app right away.',
  pauseTitle: 'Pause',
  pauseSetting: 'Pause AI access',
  pauseHint:
    'While paused, every AI app is told “AI access is paused in FolderGate” instead of getting results. Your folders and settings stay as they are.',
  pausedUntil: 'Paused {{until}}; AI access comes back by itself then.',
  forAWhile: 'Pause for a while',
  hour: 'Pause for 1 hour',
  tomorrow: 'Pause until tomorrow',
  toolsTitle: 'What AI apps may do',
  toolsHint:
    'Anything switched off here is hidden from every AI app, and refused if an app tries it anyway.',
  notChanged: 'Not changed',
  tools: {
    search: {
      title: 'Find files by date',
      text: 'Lets an AI app list the names, sizes and dates of files in your allowed folders (never their contents).',
      offText: 'Off: no AI app can list your files now; they are told this is switched off.',
    },
    logic_list: {
      title: 'List the logic catalog',
      text: 'Lets an AI app see the names of the SQL logics in your logic catalog.',
      offText: 'Off: no AI app can see your logic catalog now.',
    },
    logic_get: {
      title: 'Read a logic',
      text: 'Lets an AI app read one logic’s SQL text, parameters and sign-in settings.',
      offText: 'Off: no AI app can read a logic now.',
    },
    prompts: {
      title: 'Offer ready-made prompts',
      text: 'Lets an AI app offer FolderGate’s prompts, such as “Recent files”, which ask it to search for you.',
      offText: 'Off: AI apps no longer offer FolderGate’s prompts.',
    },
    resources: {
      title: 'Read folders and saved results',
      text: 'Lets an AI app read the list of your allowed folders and the results of its own searches again (names, sizes and dates only).',
      offText: 'Off: no AI app can read your folder list or saved search results now.',
    },
  },
  rules: { default: 'As set above', ask: 'Always ask', allow: 'Never ask' },
  askTitle: 'Ask me first',
  askHint:
    'When an AI app wants to use FolderGate, a request appears at the top of this window: Allow once, Allow for 15 minutes, Allow always for this app, or Deny. Unanswered requests are refused after 45 seconds, before AI apps give up waiting, and so are all requests while FolderGate is closed.',
  ask: 'Ask me before an AI app uses FolderGate',
  askOn:
    'On: FolderGate asks you before each AI app call (apps set to “Never ask” below are not asked).',
  askOff:
    'Off: AI apps use the tools above without asking (apps set to “Always ask” below are still asked).',
  perApp: 'Per app',
  appCalls_one: '{{count, number}} call',
  appCalls_other: '{{count, number}} calls',
  appNoCalls: 'Connected, no calls yet',
  appNoRecords: 'No calls in Activity',
  noApps:
    'No AI app is connected or has used FolderGate yet. Apps appear here once connected, or after their first call.',
} as const;
