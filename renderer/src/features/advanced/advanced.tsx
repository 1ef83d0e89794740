// Advanced: what most people never need, in one place with four tabs — Search limits (limits,
// skipped names, links), Preview engine, Logic catalog, About. The tabs follow the WAI-ARIA tabs
// pattern: one tab stop, arrow keys, Home and End move between them.
import '../../app/later-words.js';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { ErrorCallout, PageHeader, Section, Spinner, Switch } from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { LogicCatalogPanel } from '../logic/logic-catalog.js';
import { PreviewEngine } from './preview-engine.js';
import { SearchLimits } from './search-limits.js';
import type { LimitsForm } from './limit-fields.js';
import { InstantSearch } from './instant-search.js';
import { About } from './about.js';
import './advanced.css';
import { useT } from '../../ui/i18n.js';
import { LanguageChoice } from './language-choice.js';

const TABS = [{ id: 'limits' }, { id: 'engine' }, { id: 'logic' }, { id: 'about' }] as const;

/** One tab of the Advanced screen. */
export type AdvancedTab = (typeof TABS)[number]['id'];

/** The Advanced screen; the shell keeps which tab is open. */
export function AdvancedScreen(props: {
  tab: AdvancedTab;
  onTab(tab: AdvancedTab): void;
}): ReactNode {
  const { view } = useApp();
  const id = useId();
  // Search limits typed and not saved yet stay while another tab is open.
  const [limitEdits, setLimitEdits] = useState<LimitsForm | null>(null);
  const tabRefs = useRef(new Map<AdvancedTab, HTMLButtonElement>());
  const t = useT();
  const index = TABS.findIndex((tab) => tab.id === props.tab);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next]!.id;
    props.onTab(tab);
    tabRefs.current.get(tab)?.focus();
  };

  return (
    <div className="advanced-screen">
      <PageHeader title={t('advanced.title')} description={t('advanced.description')} />
      <div
        className="tabs"
        role="tablist"
        aria-label={t('advanced.tabsLabel')}
        onKeyDown={onKeyDown}
        data-testid="advanced-tabs"
      >
        {TABS.map((tab) => {
          const selected = tab.id === props.tab;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              className="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              onClick={() => props.onTab(tab.id)}
              data-testid={`tab-${tab.id}`}
            >
              {t(`advanced.tabs.${tab.id}`)}
            </button>
          );
        })}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${props.tab}`}
        data-testid={`panel-${props.tab}`}
      >
        {props.tab === 'limits' ? (
          <>
            <InstantSearch />
            <SearchLimits settings={view.settings} edits={limitEdits} setEdits={setLimitEdits} />
          </>
        ) : null}
        {props.tab === 'engine' ? <PreviewEngine /> : null}
        {props.tab === 'logic' ? <LogicCatalogPanel /> : null}
        {props.tab === 'about' ? <AboutTab /> : null}
      </div>
    </div>
  );
}

function AboutTab(): ReactNode {
  const { info } = useApp();
  return (
    <>
      {/* The choices first, above the facts and the licences' long table. */}
      <LanguageChoice />
      {info.features.startAtLogin ? <StartAtLogin /> : null}
      <About />
    </>
  );
}

/** "Start FolderGate when I log in" (desktop app only). */
function StartAtLogin(): ReactNode {
  const { bridge } = useApp();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const t = useT();
  const load = useAction(() => bridge.invoke('app:getStartAtLogin', {}));
  const save = useAction((next: boolean) =>
    bridge.invoke('app:setStartAtLogin', { enabled: next }),
  );
  const runLoad = load.run;
  useEffect(() => {
    void runLoad().then((result) => result && setEnabled(result.enabled));
  }, [runLoad]);
  const onChange = (next: boolean): void => {
    void save.run(next).then((result) => result && setEnabled(result.enabled));
  };
  return (
    <Section title={t('advanced.login.title')}>
      <div className="setting-row">
        <div>
          <p className="setting-title">{t('advanced.login.setting')}</p>
          <p className="muted" id="login-desc">
            {t('advanced.login.hint')}
          </p>
        </div>
        {enabled === null ? (
          <Spinner />
        ) : (
          <Switch
            checked={enabled}
            onChange={onChange}
            label={t('advanced.login.title')}
            busy={save.busy}
            describedBy="login-desc"
            testId="start-at-login"
          />
        )}
      </div>
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title={t('advanced.couldNotChange')}
          onDismiss={save.clearError}
        />
      ) : null}
    </Section>
  );
}
