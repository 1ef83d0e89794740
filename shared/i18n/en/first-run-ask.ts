// The first run's introduction to "Ask me first" and its test request (fetched with it: ./later.ts),
// and the approval banner's words for a test request (shown only once that introduction loaded).
export const firstRunAsk = {
  title: 'Ask me first',
  lead: 'Want to say yes or no each time an AI app searches? Turn on Ask me first: FolderGate then shows the request at the top of this window, and the AI app waits for your answer. Unanswered requests are refused after 45 seconds.',
  switch: 'Ask me before an AI app uses FolderGate',
  on: 'On: FolderGate asks you before each AI app call.',
  off: 'Off: AI apps search your folders without asking. You can turn this on any time in Control.',
  tryHint:
    'See what a request looks like before an AI app sends one. Nothing is searched, whatever you answer.',
  try: 'Send a test request',
  sending: 'Sending…',
  waiting: 'The test request waits for your answer at the top of this window.',
  allowed: 'You allowed the test request. Activity lists it, marked as a test.',
  denied: 'You denied the test request. Activity lists it, marked as a test.',
  timedOut:
    'Nobody answered the test request, so it was refused, as an AI app’s would be. Activity lists it, marked as a test.',
  failed: 'Could not send the test request',
  unavailable:
    'FolderGate cannot ask you right now (another FolderGate may be running), so AI apps that must ask are refused.',
  bannerNote:
    'This is a test request FolderGate sent itself: no AI app is asking, and nothing is searched whatever you answer.',
} as const;
