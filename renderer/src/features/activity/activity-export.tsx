// Activity export: the records the filter shows, as CSV or JSON lines, saved by the browser.
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcResponse } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { Button } from '../../ui/ui.js';
import type { toActivityFilter } from './activity-view.js';
import { useApp } from '../../app/app-state.js';
import './activity.css';
import { useT } from '../../ui/i18n.js';
import { personError } from '#shared/errors/person-errors.js';

export function ExportButtons(props: {
  filter: ReturnType<typeof toActivityFilter>;
  disabled: boolean;
}): ReactNode {
  const { bridge } = useApp();
  const [busy, setBusy] = useState<'csv' | 'jsonl' | null>(null);
  const t = useT();
  const [result, setResult] = useState<{ note: string; warn: boolean } | null>(null);
  const run = async (format: 'csv' | 'jsonl') => {
    setBusy(format);
    setResult(null);
    try {
      const answer = await bridge.invoke('activity:export', { filter: props.filter, format });
      download(answer, format);
      setResult({
        note: answer.truncated
          ? t('activitySettings.exportedNewest', {
              calls: t('activityChart.calls', { count: answer.records }),
            })
          : t('activitySettings.exported', {
              calls: t('activityChart.calls', { count: answer.records }),
            }),
        warn: answer.truncated,
      });
    } catch (error) {
      setResult({ note: personError(toIpcError(error)).title, warn: true });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="activity-export">
      <Button
        size="sm"
        onClick={() => void run('csv')}
        busy={busy === 'csv'}
        disabled={props.disabled || busy !== null}
        data-testid="activity-export-csv"
      >
        {t('activitySettings.exportCsv')}
      </Button>
      <Button
        size="sm"
        onClick={() => void run('jsonl')}
        busy={busy === 'jsonl'}
        disabled={props.disabled || busy !== null}
        data-testid="activity-export-jsonl"
      >
        {t('activitySettings.exportJsonl')}
      </Button>
      <p
        className={`activity-export-note ${result?.warn ? 'field-warning' : 'muted'}`}
        role="status"
      >
        {result?.note ?? ''}
      </p>
    </div>
  );
}

export function download(answer: IpcResponse<'activity:export'>, format: 'csv' | 'jsonl'): void {
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8';
  const url = URL.createObjectURL(new Blob([answer.text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `foldergate-activity-${new Date().toISOString().slice(0, 10)}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
