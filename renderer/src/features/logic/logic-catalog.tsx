// Advanced › Logic catalog: choose the catalog folder, browse logic names as a tree, and read one
// logic's SQL, parameters and auth — through the preview engine's logic_list/logic_get.
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { IpcError, IpcResponse } from '#shared/contract/ipc.js';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorCallout,
  Icon,
  Section,
  Spinner,
} from '../../ui/ui.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';
import { toIpcError } from '../../app/bridge.js';
import { buildTree } from './logic-tree.js';
import { plainLogicProblem } from './logic-words.js';
import type { TreeNode } from './logic-tree.js';
import './logic.css';

type LogicList = IpcResponse<'logic:list'>;
type LogicAnswer = IpcResponse<'logic:get'>;

const LAYOUT = `my-project/                 ← choose this folder
  logics/
    purchase_item.sql       → "purchase_item"
    purchase_item.json      (optional: params and auth)
    admin/
      users.sql             → "admin/users"`;

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

function CatalogPicker(props: { catalog: string | null }): ReactNode {
  const { bridge, info, setView } = useApp();
  const [path, setPath] = useState(props.catalog ?? '');
  const [confirmClear, setConfirmClear] = useState(false);
  const inputId = useId();
  const save = useAction((next: string | null) =>
    bridge.invoke('logic:setCatalog', { path: next }),
  );
  const pick = useAction(() => bridge.invoke('roots:pickFolder', {}));
  const native = info.features.nativeFolderDialog;

  const apply = async (next: string | null): Promise<boolean> => {
    const result = await save.run(next);
    if (result) setView(result);
    return result !== undefined;
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (path.trim()) void apply(path.trim());
  };

  const onPick = async (): Promise<void> => {
    const result = await pick.run();
    if (result?.path) await apply(result.path);
  };

  return (
    <Section title="Catalog folder">
      {props.catalog && native ? (
        <p className="catalog-current">
          <span aria-hidden="true">{Icon.folder}</span>
          <code className="path" data-testid="logic-catalog-path">
            {props.catalog}
          </code>
        </p>
      ) : null}
      {native ? (
        <div className="inline-actions">
          <Button
            variant={props.catalog ? 'secondary' : 'primary'}
            onClick={() => void onPick()}
            busy={pick.busy || save.busy}
            busyLabel={pick.busy ? 'Waiting for your choice…' : 'Saving…'}
          >
            {props.catalog ? 'Choose another folder…' : 'Choose catalog folder…'}
          </Button>
          {props.catalog ? (
            <Button variant="ghost" onClick={() => setConfirmClear(true)}>
              Stop using this catalog
            </Button>
          ) : null}
        </div>
      ) : (
        <form className="inline-form" onSubmit={onSubmit}>
          <div className="field field-grow">
            <label className="field-label" htmlFor={inputId}>
              Folder path
            </label>
            <input
              id={inputId}
              className="input input-mono"
              value={path}
              spellCheck={false}
              autoComplete="off"
              placeholder={`e.g. ${info.homeDir || '/home/you'}/projects/my-project`}
              onChange={(e) => setPath(e.target.value)}
              data-testid="logic-catalog-input"
            />
          </div>
          <div className="inline-form-actions">
            <Button
              type="submit"
              variant="primary"
              busy={save.busy}
              busyLabel="Saving…"
              disabled={!path.trim() || path.trim() === props.catalog}
              data-testid="logic-catalog-save"
            >
              Use this folder
            </Button>
            {props.catalog ? (
              <Button variant="ghost" onClick={() => setConfirmClear(true)}>
                Stop using
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {pick.error ? <ErrorCallout error={pick.error} onDismiss={pick.clearError} /> : null}
      {save.error ? (
        <ErrorCallout
          error={save.error}
          title="The catalog folder was not changed"
          onDismiss={save.clearError}
        />
      ) : null}
      <ConfirmDialog
        open={confirmClear}
        title="Stop using this catalog?"
        confirmLabel="Stop using"
        busy={save.busy}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          void apply(null).then((ok) => ok && setConfirmClear(false));
        }}
      >
        <p>AI apps will see an empty logic list. The folder and its files stay as they are.</p>
      </ConfirmDialog>
    </Section>
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

function LogicDetail(props: { name: string }): ReactNode {
  const { bridge } = useApp();
  const [answer, setAnswer] = useState<LogicAnswer | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  useEffect(() => {
    let live = true;
    setAnswer(null);
    setError(null);
    bridge.invoke('logic:get', { name: props.name }).then(
      (result) => live && setAnswer(result),
      (caught: unknown) => live && setError(toIpcError(caught)),
    );
    return () => {
      live = false;
    };
  }, [bridge, props.name]);

  if (error) return <ErrorCallout error={error} title="Could not read this logic" />;
  if (!answer) {
    return (
      <p className="muted inline-status">
        <Spinner /> Loading {props.name}…
      </p>
    );
  }
  if (!answer.ok) return <ErrorCallout error={answer.error} title="This logic cannot be read" />;
  const { logic } = answer;
  return (
    <article className="logic-detail" data-testid="logic-detail" aria-label={`Logic ${logic.name}`}>
      <h3 className="logic-title">
        <code>{logic.name}</code>
      </h3>
      <dl className="meta">
        <div>
          <dt>Who may run it</dt>
          <dd>
            {logic.auth.required ? (
              <>
                <Badge tone="warning">Sign-in required</Badge>
                {logic.auth.roles.length > 0 ? (
                  <span className="roles">
                    Roles:{' '}
                    {logic.auth.roles.map((role) => (
                      <Badge key={role} tone="neutral">
                        {role}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  <span className="muted"> Any signed-in user</span>
                )}
              </>
            ) : (
              <Badge tone="success">Public</Badge>
            )}
          </dd>
        </div>
      </dl>
      <h4 className="subheading">Parameters</h4>
      {logic.params.length === 0 ? (
        <p className="muted">This logic takes no parameters.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Required</th>
              </tr>
            </thead>
            <tbody>
              {logic.params.map((param) => (
                <tr key={param.name}>
                  <td>
                    <code>{param.name}</code>
                  </td>
                  <td>{param.type}</td>
                  <td>{param.required ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4 className="subheading">SQL</h4>
      <pre className="code-block sql-block">
        <code>{logic.sql}</code>
      </pre>
    </article>
  );
}
