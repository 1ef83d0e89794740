// The Details of a preview search over several folders: each folder's request, as sent, and the
// files it showed (preview-groups.ts gathers them).
import type { ReactNode } from 'react';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { useT } from '../../ui/i18n.js';

/** Each page's request (newest last, as they were sent), with the folder it went to. */
export function PageRequests(props: { pages: ActivityRecord[] }): ReactNode {
  const t = useT();
  return (
    <div className="activity-pages" data-testid="activity-pages">
      <h3 className="subheading">{t('activityDetails.requests')}</h3>
      {[...props.pages].reverse().map((page, i) => {
        const root = page.search?.root ?? String(page.args.root ?? '');
        return (
          <details className="details" key={`${page.time}-${i}`} data-testid="activity-page">
            <summary>{t('activityDetails.requestTo', { root })}</summary>
            <pre className="code-block" tabIndex={0} role="region" aria-label={root}>
              {JSON.stringify(page.args, null, 2)}
            </pre>
          </details>
        );
      })}
    </div>
  );
}
