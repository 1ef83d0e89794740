// Control: what AI apps may do. One switch per tool (and one for FolderGate's prompts) with a
// plain sentence of what it allows, and "Ask me before an AI app uses FolderGate" for every app
// or per app (the apps listed are the ones seen in the activity log, waiting for an answer, or
// remembered in the settings).
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ApprovalAppRule } from '#shared/approval/approval.js';
import type { IpcError, IpcRequest } from '#shared/contract/ipc.js';
import { SWITCHABLE_TOOLS, type SwitchableTool } from '#shared/tools/tool-switches.js';
import { SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';
import { toIpcError } from '../../app/bridge.js';
import { PauseSwitch, pauseChoices, untilText, usePause } from './pause-switch.js';
import { Button, ErrorCallout, PageHeader, Section, Switch } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useSeenApps } from './use-seen-apps.js';
import './control.css';
import { useT } from '../../ui/i18n.js';
import { ScreenHelp } from '../../app/screen-help.js';

/** The Control screen. */
export function ControlScreen(): ReactNode {
  const t = useT();
  return (
    <div className="control-screen">
      <PageHeader title={t('control.title')} description={t('control.description')} />
      <ScreenHelp screen="control" />
      <PauseAll />
      <ToolSwitches />
      <AskFirst />
    </div>
  );
}

/** The same switch as in the sidebar, with what pausing means. */
function PauseAll(): ReactNode {
  const t = useT();
  return (
    <Section title={t('control.pauseTitle')}>
      <div className="setting-row">
        <div>
          <p className="setting-title">{t('control.pauseSetting')}</p>
          <p className="muted" id="control-pause-desc">
            {t('control.pauseHint')}
          </p>
        </div>
        <PauseSwitch describedBy="control-pause-desc" testId="pause-switch-control" />
      </div>
      <PauseForAWhile />
    </Section>
  );
}

/**
 * "Pause for 1 hour" and "Pause until tomorrow": a pause that ends by itself. The chosen button
 * goes with the pause, so the keyboard focus moves to the switch, which now says paused.
 */
function PauseForAWhile(): ReactNode {
  const pause = usePause();
  const t = useT();
  const group = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  useEffect(() => {
    if (!pause.paused || !chosen.current) return;
    chosen.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body)
      document.querySelector<HTMLElement>('[data-testid="pause-switch-control"]')?.focus();
  }, [pause.paused]);
  const choose = (until: Date) => {
    chosen.current = group.current?.contains(document.activeElement) ?? false;
    pause.setPaused(true, until);
  };
  if (pause.paused) {
    return pause.until ? (
      <p className="muted" data-testid="pause-until">
        {t('control.pausedUntil', { until: untilText(pause.until) })}
      </p>
    ) : null;
  }
  return (
    <div ref={group} className="inline-actions" role="group" aria-label={t('control.forAWhile')}>
      <Button
        size="sm"
        onClick={() => choose(pauseChoices(new Date()).hour)}
        data-testid="pause-hour"
      >
        {t('control.hour')}
      </Button>
      <Button
        size="sm"
        onClick={() => choose(pauseChoices(new Date()).tomorrow)}
        data-testid="pause-tomorrow"
      >
        {t('control.tomorrow')}
      </Button>
    </div>
  );
}

/** Runs a settings change and keeps the view; one error at a time. */
function useSettingsChange() {
  const { setView } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const run = async (change: () => Promise<Parameters<typeof setView>[0]>) => {
    setBusy(true);
    setError(null);
    try {
      setView(await change());
    } catch (e) {
      setError(toIpcError(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, clearError: () => setError(null), run };
}

function ToolSwitches(): ReactNode {
  const { bridge, view } = useApp();
  const change = useSettingsChange();
  const t = useT();
  const set = (tool: SwitchableTool, enabled: boolean) =>
    void change.run(() => bridge.invoke('control:setTool', { tool, enabled }));
  return (
    <Section title={t('control.toolsTitle')} description={t('control.toolsHint')}>
      {change.error ? (
        <ErrorCallout
          error={change.error}
          title={t('control.notChanged')}
          onDismiss={change.clearError}
        />
      ) : null}
      {/* The logic tools are for people with a logic catalog (Advanced › Logic catalog): without
          one no AI app is offered them, and their switches would only puzzle. */}
      {SWITCHABLE_TOOLS.filter(
        (tool) => view.settings.logicCatalog !== null || !tool.startsWith('logic_'),
      ).map((tool) => {
        const key = tool === SEARCH_TOOL_NAME ? 'search' : tool;
        const title = t(`control.tools.${key}.title`);
        const text = t(`control.tools.${key}.text`);
        const offText = t(`control.tools.${key}.offText`);
        return (
          <div className="setting-row" key={tool} data-testid={`tool-row-${tool}`}>
            <div>
              <p className="setting-title">{title}</p>
              <p className="muted" data-testid={`tool-state-${tool}`}>
                {view.settings.tools[tool] ? text : offText}
              </p>
            </div>
            <Switch
              checked={view.settings.tools[tool]}
              label={title}
              busy={change.busy}
              onChange={(enabled) => set(tool, enabled)}
              testId={`tool-switch-${tool}`}
            />
          </div>
        );
      })}
    </Section>
  );
}

const RULES: (ApprovalAppRule | 'default')[] = ['default', 'ask', 'allow'];

function AskFirst(): ReactNode {
  const { bridge, view } = useApp();
  const change = useSettingsChange();
  const t = useT();
  const { approval } = view.settings;
  const apps = useSeenApps(Object.keys(approval.apps));
  const save = (request: IpcRequest<'approval:setSettings'>) =>
    void change.run(() => bridge.invoke('approval:setSettings', request));
  return (
    <Section title={t('control.askTitle')} description={t('control.askHint')}>
      {change.error ? (
        <ErrorCallout
          error={change.error}
          title={t('control.notChanged')}
          onDismiss={change.clearError}
        />
      ) : null}
      <div className="setting-row">
        <div>
          <p className="setting-title">{t('control.ask')}</p>
          <p className="muted" data-testid="approval-mode-state">
            {approval.mode === 'ask' ? t('control.askOn') : t('control.askOff')}
          </p>
        </div>
        <Switch
          checked={approval.mode === 'ask'}
          label={t('control.ask')}
          busy={change.busy}
          onChange={(on) => save({ mode: on ? 'ask' : 'off' })}
          testId="approval-mode"
        />
      </div>
      <div className="approval-apps">
        <p className="setting-title" id="approval-apps-title">
          {t('control.perApp')}
        </p>
        {apps.length === 0 ? (
          <p className="muted" data-testid="approval-apps-empty">
            {t('control.noApps')}
          </p>
        ) : (
          <ul className="approval-app-list" aria-labelledby="approval-apps-title">
            {apps.map((app) => {
              const rule = approval.apps[app.key];
              const id = `approval-app-${app.key.replace(/[^a-z0-9]+/g, '-')}`;
              return (
                <li className="approval-app" key={app.key} data-testid="approval-app">
                  <label htmlFor={id}>
                    {app.label}{' '}
                    <span className="muted approval-app-calls" data-testid="approval-app-calls">
                      {app.calls > 0
                        ? t('control.appCalls', { count: app.calls })
                        : app.connected
                          ? t('control.appNoCalls')
                          : t('control.appNoRecords')}
                    </span>
                  </label>
                  <select
                    id={id}
                    className="input input-sm input-narrow"
                    value={rule ?? 'default'}
                    disabled={change.busy}
                    onChange={(e) => {
                      const value = e.target.value;
                      save({
                        app: {
                          name: app.key,
                          rule: value === 'default' ? null : (value as ApprovalAppRule),
                        },
                      });
                    }}
                  >
                    {RULES.map((r) => (
                      <option key={r} value={r}>
                        {t(`control.rules.${r}`)}
                      </option>
                    ))}
                  </select>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Section>
  );
}
