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
import { CatalogPicker, LAYOUT } from './catalog-picker.js';
import { LogicDetail } from './logic-detail.js';

type LogicList = IpcResponse<'logic:list'>;

/** The Logic catalog tab of the Advanced screen. */
export function LogicCatalogPanel(): ReactNode {
  const { bridge, view } = useApp();
  const catalog = view.settings.logicCatalog;
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
        For software projects: a folder of saved SQL queries (“logics”) that AI apps may look up and
        read — each query, its parameters and who may run it. They never see passwords, connection
        strings or keys. Most people leave this empty.
      </p>
      <CatalogPicker key={catalog ?? ''} catalog={catalog} />
      {catalog === null ? (
        <Section>
          <EmptyState title="No catalog folder chosen" icon={Icon.logic} testId="logic-empty">
            <p>
              Choose the folder of a project release that contains a <code>logics</code> folder.
              Each <code>.sql</code> file is one logic; its name is its path under{' '}
              <code>logics/</code>.
            </p>
            <pre className="code-block layout-block">{LAYOUT}</pre>
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
  const reload = (
    <Button
      size="sm"
      variant="ghost"
      onClick={props.onReload}
      busy={props.loading}
      busyLabel="Loading…"
      data-testid="logic-reload"
    >
      Reload
    </Button>
  );

  if (props.error) {
    return (
      <Section title="Logics" actions={reload}>
        <ErrorCallout error={props.error} title="Could not read the catalog" />
      </Section>
    );
  }
  if (!list) {
    return (
      <Section title="Logics">
        <p className="muted inline-status" role="status">
          <Spinner /> Loading the catalog…
        </p>
      </Section>
    );
  }

  return (
    <>
      {list.logics.length === 0 ? (
        <Section title="Logics" actions={reload}>
          <EmptyState title="No logics found" icon={Icon.logic} testId="logic-none">
            <p>
              FolderGate looks for <code>.sql</code> files in the <code>logics</code> folder inside
              the catalog folder. For example:
            </p>
            <pre className="code-block layout-block">{LAYOUT}</pre>
          </EmptyState>
        </Section>
      ) : (
        <div className="split">
          <Section title={`Logics (${list.logics.length})`} actions={reload} className="split-list">
            <nav aria-label="Logics">
              <Tree nodes={tree} selected={props.selected} onSelect={props.onSelect} />
            </nav>
          </Section>
          <Section title="Details" className="split-detail">
            <div aria-live="polite">
              {props.selected ? (
                <LogicDetail name={props.selected} />
              ) : (
                <EmptyState title="Select a logic" icon={Icon.logic}>
                  Pick a name on the left to see its SQL, parameters and who may run it.
                </EmptyState>
              )}
            </div>
          </Section>
        </div>
      )}
      {list.invalid.length > 0 ? (
        <Section
          title={`Logics with problems (${list.invalid.length})`}
          description="These files are left out of the list AI apps see until they are fixed."
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
