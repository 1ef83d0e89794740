// The first run's introduction to "Ask me first": the switch itself, and "Send a test request",
// which puts a request from FolderGate into the app's real approval queue so the person meets the
// very banner an AI app's call brings up; how it ended is read back from Activity, where it is
// recorded as a test. Fetched when the Done step shows (its words come with it).
import '../../app/later-words.js';
import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcError } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import { Button, ErrorCallout, Switch } from '../../ui/ui.js';
import { useT } from '../../ui/i18n.js';

type Sent = 'none' | 'sending' | 'waiting' | 'allowed' | 'denied' | 'timedOut' | 'unavailable';

/** The "Ask me first" card of the Done step. */
export default function FirstRunAsk(): ReactNode {
  const { bridge, view } = useApp();
  const t = useT();
  const id = useId();
  const asking = view.settings.approval.mode === 'ask';
  const [switching, setSwitching] = useState(false);
  const [sent, setSent] = useState<Sent>('none');
  const [testId, setTestId] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  // How the test ended, as Activity recorded it.
  useEffect(() => {
    if (testId === null) return;
    return bridge.on('activity:added', ({ entries }) => {
      const record = entries.find((e) => e.record.test)?.record;
      if (!record?.decision) return;
      const { outcome, by } = record.decision;
      setSent(by === 'timeout' ? 'timedOut' : outcome === 'allowed' ? 'allowed' : 'denied');
      setTestId(null);
    });
  }, [bridge, testId]);

  const setAsking = async (on: boolean) => {
    setSwitching(true);
    setError(null);
    try {
      await bridge.invoke('approval:setSettings', { mode: on ? 'ask' : 'off' });
    } catch (e) {
      setError(toIpcError(e));
    } finally {
      setSwitching(false);
    }
  };
  const sendTest = async () => {
    setSent('sending');
    setError(null);
    try {
      const { id: sentId } = await bridge.invoke('approval:test', {});
      setSent(sentId === null ? 'unavailable' : 'waiting');
      setTestId(sentId);
    } catch (e) {
      setSent('none');
      setError(toIpcError(e));
    }
  };
  return (
    <section
      className="card first-run-ask"
      aria-labelledby={`${id}-title`}
      data-testid="first-run-ask"
    >
      <h2 className="card-title" id={`${id}-title`}>
        {t('firstRunAsk.title')}
      </h2>
      <p className="muted">{t('firstRunAsk.lead')}</p>
      <div className="first-run-ask-switch">
        <Switch
          checked={asking}
          busy={switching}
          onChange={(on) => void setAsking(on)}
          label={t('firstRunAsk.switch')}
          describedBy={`${id}-state`}
          testId="first-run-ask-switch"
        />
        <span>{t('firstRunAsk.switch')}</span>
      </div>
      <p className="muted" id={`${id}-state`}>
        {asking ? t('firstRunAsk.on') : t('firstRunAsk.off')}
      </p>
      <p className="muted">{t('firstRunAsk.tryHint')}</p>
      <Button
        onClick={() => (sent === 'sending' || sent === 'waiting' ? undefined : void sendTest())}
        aria-disabled={sent === 'sending' || sent === 'waiting' || undefined}
        data-testid="first-run-test-request"
      >
        {sent === 'sending' ? t('firstRunAsk.sending') : t('firstRunAsk.try')}
      </Button>
      <p role="status" className="first-run-ask-status" data-testid="first-run-test-status">
        {sent === 'none' || sent === 'sending' ? '' : t(`firstRunAsk.${sent}`)}
      </p>
      {error ? (
        <ErrorCallout
          error={error}
          title={t('firstRunAsk.failed')}
          onDismiss={() => setError(null)}
        />
      ) : null}
    </section>
  );
}
