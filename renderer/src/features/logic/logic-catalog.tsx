// Advanced › Logic catalog: choose the catalog folder, browse logic names as a tree, and read one
// logic's SQL, parameters and auth — through the preview engine's logic_list/logic_get.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { IpcError, IpcResponse } from '#shared/contract/ipc.js';
import { Button, EmptyState, ErrorCallout, Section, Spinner } from '../../ui/ui.js';
import { Icon } from '../../ui/icons.js';
import { useApp } from '../../app/app-state.js';
import { toIpcError } from '../../app/bridge.js';
import { buildTree } from './logic-tree.js';
import { plainLogicProblem } from './logic-words.js';
import type { TreeNode } from './logic-tree.js';
import './logic.css';
import { CatalogPicker, layout } from './catalog-picker.js';
import { LogicDetail } from './logic-detail.js';
import { useT } from '../../ui/i18n.js';
import { Trans } from '../../ui/i18n.js';

type LogicList = IpcResponse<'logic:list'>;

/** The Logic catalog tab of the Advanced screen. */
export function LogicCatalogPanel(): ReactNode {
  const { bridge, view } = useApp();
  const catalog = view.settings.logicCatalog;
  const t = useT();
  const [list, setList] = useState<LogicList | null>(null);
  const [listError, setListError] = useState<IpcError | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setListError(null);
    try {
      const result = await bridge.invoke('logic:list', {});
      setList(result);
      setSelected((current) => (current && result.logics.includes(current) ? current : null));
    } catch (error) {
      setListError(toIpcError(error));
    } finally {
      setLoading(false);
    }
  }, [bridge]);

  useEffect(() => {
    void load();
  }, [load, catalog]);

  return (
    <>
      <p className="tab-intro" data-testid="logic-intro">
        {t('logic.intro')}
      </p>
      <CatalogPicker key={catalog ?? ''} catalog={catalog} />
      {catalog === null ? (
        <Section>
          <EmptyState title={t('logic.noneTitle')} icon={Icon.logic} testId="logic-empty">
            <p>
              <Trans
                i18nKey="logic.noneBody"
                components={[<code key="a" />, <code key="b" />, <code key="c" />]}
              />
            </p>
            <pre className="code-block layout-block">{layout()}</pre>
          </EmptyState>
        </Section>
      ) : (
        <LogicBrowser
          list={list}
          error={listError}
          loading={loading}
          selected={selected}
          onSelect={setSelected}
          onReload={() => void load()}
        />
      )}
    </>
  );
}

function LogicBrowser(props: {
  list: LogicList | null;
  error: IpcError | null;
  loading: boolean;
  selected: string | null;
  onSelect(name: string): void;
  onReload(): void;
}): ReactNode {
  const { list } = props;
  const tree = useMemo(() => buildTree(list?.logics ?? []), [list]);
  const t = useT();
  const reload = (
    <Button
      size="sm"
      variant="ghost"
      onClick={props.onReload}
      busy={props.loading}
      busyLabel={t('logic.loading')}
      data-testid="logic-reload"
    >
      {t('logic.reload')}
    </Button>
  );

  if (props.error) {
    return (
      <Section title={t('logic.logics')} actions={reload}>
        <ErrorCallout error={props.error} title={t('logic.readFailed')} />
      </Section>
    );
  }
  if (!list) {
    return (
      <Section title={t('logic.logics')}>
        <p className="muted inline-status" role="status">
          <Spinner /> {t('logic.loadingCatalog')}
        </p>
      </Section>
    );
  }

  return (
    <>
      {list.logics.length === 0 ? (
        <Section title={t('logic.logics')} actions={reload}>
          <EmptyState title={t('logic.noLogicsTitle')} icon={Icon.logic} testId="logic-none">
            <p>
              <Trans
                i18nKey="logic.noLogicsBody"
                components={[<code key="sql" />, <code key="logics" />]}
              />
            </p>
            <pre className="code-block layout-block">{layout()}</pre>
          </EmptyState>
        </Section>
      ) : (
        <div className="split">
          <Section
            title={t('logic.logicsCount', { count: list.logics.length })}
            actions={reload}
            className="split-list"
          >
            <nav aria-label={t('logic.logics')}>
              <Tree nodes={tree} selected={props.selected} onSelect={props.onSelect} />
            </nav>
          </Section>
          <Section title={t('logic.details')} className="split-detail">
            <div aria-live="polite">
              {props.selected ? (
                <LogicDetail name={props.selected} />
              ) : (
                <EmptyState title={t('logic.selectTitle')} icon={Icon.logic}>
                  {t('logic.selectBody')}
                </EmptyState>
              )}
            </div>
          </Section>
        </div>
      )}
      {list.invalid.length > 0 ? (
        <Section
          title={t('logic.problemsTitle', { count: list.invalid.length })}
          description={t('logic.problemsHint')}
          className="card-warning"
        >
          <ul className="invalid-list" data-testid="logic-invalid">
            {list.invalid.map((item) => (
              <li key={item.name}>
                <span className="invalid-icon" aria-hidden="true">
                  {Icon.warning}
                </span>
                <div>
                  <code className="logic-name">{item.name}</code>
                  <p className="invalid-reason">{plainLogicProblem(item.problem)}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function Tree(props: {
  nodes: TreeNode[];
  selected: string | null;
  onSelect(name: string): void;
  nested?: boolean;
}): ReactNode {
  return (
    <ul className="tree" data-testid={props.nested ? undefined : 'logic-tree'}>
      {props.nodes.map((node) =>
        node.name !== null ? (
          <li key={`l:${node.segment}`}>
            <button
              type="button"
              className="tree-leaf"
              aria-current={props.selected === node.name ? 'true' : undefined}
              onClick={() => props.onSelect(node.name!)}
              title={node.name}
              data-testid="logic-item"
            >
              <span className="tree-icon" aria-hidden="true">
                {Icon.file}
              </span>
              {node.segment}
            </button>
          </li>
        ) : (
          <li key={`f:${node.segment}`}>
            <details open className="tree-folder">
              <summary>
                <span className="tree-icon" aria-hidden="true">
                  {Icon.smallFolder}
                </span>
                {node.segment}
              </summary>
              <Tree
                nodes={node.children}
                selected={props.selected}
                onSelect={props.onSelect}
                nested
              />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}
