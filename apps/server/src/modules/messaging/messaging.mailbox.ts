import { escapeHtml } from '../../platform/html.js';
import type { OutboxRow } from './messaging.store.js';


function statusOf(row: OutboxRow): string {
  if (row.sent_at) return 'sent';
  if (row.failed_at) return 'failed';
  return row.attempts > 0 ? `retrying (${row.attempts} failed)` : 'pending';
}

/** The dev mailbox page: a plain table of the latest messages, every stored value escaped. */
export function renderMailboxPage(rows: OutboxRow[]): string {
  const body = rows.length
    ? rows
        .map((r) => {
          const at = new Date(r.created_at).toISOString();
          return `<tr>
<td><time datetime="${at}">${escapeHtml(at.replace('T', ' ').slice(0, 19))} UTC</time></td>
<td>${escapeHtml(r.channel)}</td>
<td>${escapeHtml(r.recipient)}</td>
<td>${escapeHtml(r.subject ?? '')}</td>
<td><pre>${escapeHtml(r.body)}</pre></td>
<td>${escapeHtml(statusOf(r))}</td>
</tr>`;
        })
        .join('\n')
    : '<tr><td colspan="6">No messages yet.</td></tr>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox – Ember</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #767676; padding: .4rem .6rem; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
pre { margin: 0; white-space: pre-wrap; font: inherit; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>E-mails and SMS the shop sent in TEST mode, latest 50, newest first. JSON for tests: <a href="/dev/mailbox/messages">/dev/mailbox/messages?recipient=…</a></p>
<table>
<caption>Latest messages</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Channel</th><th scope="col">Recipient</th><th scope="col">Subject</th><th scope="col">Body</th><th scope="col">Status</th></tr></thead>
<tbody>
${body}
</tbody>
</table>
</main>
</body>
</html>
`;
}
