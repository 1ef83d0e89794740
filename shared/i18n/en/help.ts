// "How this screen works" on each main screen: a few plain sentences, opened in place. They come
// with the later screens' words (./later.ts), fetched when the person first opens one of them.
export const help = {
  folders: {
    p1: 'AI apps can search only the folders listed here, and nothing else on this computer.',
    p2: 'For each folder you choose which AI apps may search it and until when, which file types they see, and which subfolders and names they never see (Leave out).',
    p3: 'Removing a folder deletes nothing on disk, and Undo puts it back with its settings. When an AI app names no folder, it searches the default folder.',
  },
  aiApps: {
    p1: 'Connect adds one FolderGate entry to the app’s own settings file. Nothing else in the file changes, and Undo puts the file back as it was.',
    p2: 'After connecting, restart the app as its card says. The card says “It works” once the app has sent its first request.',
    p3: 'Repair appears when FolderGate was moved or updated and the app’s entry points to a program that is no longer there.',
  },
  control: {
    p1: 'Pause stops every AI app at once. Your folders and settings stay as they are.',
    p2: 'A switched-off tool is hidden from every AI app and refused if an app tries it anyway.',
    p3: 'With Ask me first on, each request appears at the top of this window: allow it once, for 15 minutes or always for that app, or deny it. A request not answered within 45 seconds is denied.',
  },
  activity: {
    p1: 'Every request an AI app sends is listed here as it happens: what it asked for, what it was shown, and whether FolderGate refused it.',
    p2: 'Choose a call to see its details. Filter by app, outcome or time, or export the list for a spreadsheet.',
    p3: 'The record stays on this computer; Activity settings below say how many days it is kept.',
  },
  search: {
    p1: 'The preview runs the same search an AI app would, in your allowed folders, and shows what the app would get. Nothing is sent to any AI app.',
    p2: 'Search as shows what one app would find, with the folders it may search.',
    p3: 'Only names, sizes and dates are shown: FolderGate never reads what is inside a file.',
  },
};
