// Words the app core makes for the person: folder checks and warnings, the tray, notifications.
export const folderCheck = {
  missing: 'This folder does not exist.',
  unreadable: 'FolderGate cannot open this folder (permission denied).',
  'not-a-folder': 'This is a file, not a folder.',
  empty: 'Type the full path of a folder.',
  nul: 'The path contains a NUL character.',
  notAbsolute: 'Type the full path of the folder, starting with {{start}}.',
  driveStart: 'a drive such as C:\\',
  slashStart: "'/'",
  duplicate: "This folder is already allowed as '{{name}}'.",
  leaveOutOutside: 'Choose a subfolder inside “{{name}}”: only what is inside it can be left out.',
  leaveOutMissing: 'This subfolder was not found inside “{{name}}”.',
  leaveOutFix: 'Choose a folder inside it with “Add subfolder…”.',
  leaveOutFullFix: 'Remove an item you no longer need first.',
  leaveOutFull: 'A folder can leave out at most {{count}} subfolders and {{count}} names.',
  included: "Already included in '{{name}}': AI apps can search this folder already.",
  warnDrive:
    'This is a whole drive: AI could search every file on it. Choose a smaller folder if you can.',
  warnHome:
    'This is your whole home folder: AI could search all your personal files. Consider a subfolder such as Documents.',
  warnAboveHome:
    'This folder contains your home folder: AI could search all your personal files. Choose a smaller folder if you can.',
  warnSystem:
    'This is a system folder: it holds files of the operating system, not your documents.',
  warnInside: "This folder is inside '{{name}}', which is already allowed.",
  warnContains: "This folder contains '{{name}}', which is already allowed.",
} as const;

export const clientProblem = {
  duplicates: '{{file}} lists FolderGate {{count, number}} times; {{name}} uses only the last one.',
  duplicatesFix:
    'Repair keeps one FolderGate entry and removes the others; nothing else in the file changes.',
  gone: '{{name}} starts FolderGate with {{program}}, which is no longer on this computer (Node or FolderGate was updated or moved), so {{name}} cannot use FolderGate now.',
  goneFix: 'Repair writes the program FolderGate runs with now (Repair all does it for every app).',
  profiles_one:
    'FolderGate is added to VS Code’s default profile. The profile {{names}} keeps its own MCP servers and will not see FolderGate.',
  profiles_other:
    'FolderGate is added to VS Code’s default profile. The profiles {{names}} keep their own MCP servers and will not see FolderGate.',
  profilesFix:
    'To use FolderGate there, set that profile to use the Default profile’s MCP servers in VS Code’s Profiles editor, or copy FolderGate’s entry (under Details) into that profile’s mcp.json.',
  tryAgain: 'Try again.',
  readOnlyFile:
    'FolderGate cannot change {{file}}: the file is read-only, so connecting {{name}} would not work.',
  readOnlyFileFix:
    'Make the file writable for your user (turn off “Read-only” or “Locked” in its properties), then choose Connect.',
  readOnlyFolder:
    'FolderGate cannot write in {{folder}}, where {{name}}’s settings file goes, so connecting {{name}} would not work.',
  readOnlyFolderFix:
    'Make {{folder}} a folder your user can write in (if a file has that name, move it aside), then choose Connect.',
  excluded:
    '{{file}} lists FolderGate in mcp.excluded, or names only other servers in mcp.allowed, so Gemini CLI does not start it.',
  excludedFix:
    'Select “Let Gemini CLI use FolderGate”: in that file FolderGate takes foldergate out of mcp.excluded (and adds it to mcp.allowed when that list names other servers), and changes nothing else. Undo puts the lists back.',
  excludedSystem:
    'Gemini CLI’s system settings ({{files}}) exclude FolderGate, so Gemini CLI does not start it.',
  excludedSystemFix:
    'Ask whoever manages this computer to allow foldergate in those settings; FolderGate does not change them.',
  twice:
    'It is added as a Claude extension and listed in {{file}}. Claude starts both, so every request would be counted twice.',
  twiceFix:
    'Select “Remove the settings-file entry”: the extension stays, and FolderGate takes only its own entry out of the file.',
} as const;

export const tray = {
  none: 'No AI app has used FolderGate yet',
  recentTitle: 'Last calls by AI apps',
  open: 'Open FolderGate',
  pause: 'Pause AI access',
  quit: 'Quit',
  waiting_one: '{{count, number}} AI request waits for your answer',
  waiting_other: '{{count, number}} AI requests wait for your answer',
  state: 'FolderGate: {{state}}',
  paused: 'AI access is paused',
  on: 'AI apps can search your allowed folders',
  last: 'Last: {{line}}',
  refused: '{{app}}: a request was refused',
  used: '{{app}} used FolderGate',
  more_one: ' — and {{count, number}} more',
  more_other: ' — and {{count, number}} more',
  windowPrompt: 'Approval needed — FolderGate',
  dialogTitle: 'Choose a folder AI may search',
  dialogButton: 'Allow this folder',
  dialogTitleLeaveOut: 'Choose a subfolder AI apps never see',
  dialogButtonLeaveOut: 'Leave this folder out',
  restartToUpdate: 'Restart to update to {{version}}',
  updateWaiting: 'Update to {{version}} waits — open FolderGate to see why',
} as const;

export const settingsNote = {
  unreadable:
    'FolderGate cannot read its settings file ({{reason}}); changes cannot be saved until it is fixed.',
  newer:
    'The settings file was written by a newer FolderGate (settings version {{version}}); it is shown read-only and will not be changed. Update FolderGate to edit settings.',
  invalid:
    "FolderGate's settings file could not be used ({{reason}}). FolderGate shows default settings and no folders, and saves no change until the file is fixed; AI apps that are already running keep the folders they had. Fix the file ({{file}}), or start over with default settings: the file is then kept aside as settings.corrupt-<time>.json.",
  aside:
    "FolderGate's settings file could not be used ({{reason}}). You chose to start over: it was kept aside as {{aside}}, and FolderGate went on from default settings.",
  reason: {
    json: 'it is not valid JSON{{where}}',
    where: ' (line {{line}}, column {{column}})',
    object: 'it does not hold a settings object',
    version: 'its version is not a whole number',
    older:
      'it is from an older FolderGate (settings version {{version}}) and has not been upgraded yet',
    format: 'it does not match the settings format: {{fields}}',
    relative:
      "it names a folder by a relative path, {{path}} at {{field}}, which each AI app would look for in its own working folder: write the folder's full path",
    upgrade: 'it could not be upgraded',
    read: 'it cannot be read: {{code}}',
  },
} as const;
