import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  WebhookProjectEnvelopeSchema,
  WebhookReceiptEnvelopeSchema,
  WebhookScaleEnvelopeSchema,
  WebhookTicketEnvelopeSchema,
} from '@portal/contract';
import { portalEventVersions, webhookEventTypes, webhookTypeOfEvent } from '@portal/domain';
import type { TObject, TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';

// docs/integrations.md's envelope and per-type tables are generated from the contract and the domain's
// event schemas: this test fails when they drift, and `UPDATE_DOCS=1` rewrites them.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docPath = path.join(root, 'docs/integrations.md');

/** A schema's type as a reader writes it: `string`, `number | null`, `'a' | 'b'`, `object`. */
function typeOf(schema: TSchema): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).map(typeOf).join(' \\| ');
  if (schema.type === 'array') return `${typeOf(schema.items as TSchema)}[]`;
  if (schema.type === 'integer') return 'integer';
  return String(schema.type ?? 'any');
}

function fieldsOf(schema: TSchema, omit: readonly string[] = []): string[] {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([name]) => !omit.includes(name))
    .map(([name, property]) => `\`${name}${required.has(name) ? '' : '?'}\`: ${typeOf(property)}`);
}

/** Fields that hold a record in the API's shape, named as the API's documentation names it. */
const recordTypes: Record<string, string> = { ticket: 'Ticket \\| null', project: 'Project \\| null' };

function envelopeTable(envelope: TObject): string {
  const properties = envelope.properties as Record<string, TSchema>;
  const rows = Object.entries(properties).map(
    ([name, schema]) =>
      `| \`${name}\` | ${recordTypes[name] ?? typeOf(schema)} | ${schema.description ?? ''} |`,
  );
  return ['| Field | Type | Meaning |', '|---|---|---|', ...rows].join('\n');
}

function typesTable(): string {
  const rows = webhookEventTypes.map((type) => {
    const events = Object.entries(webhookTypeOfEvent)
      .filter(([, webhookType]) => webhookType === type)
      .map(([event]) => event);
    if (events.length === 0) return `| \`${type}\` | not sent yet (may be subscribed to) | |`;
    const shapes = events.map(
      (event) =>
        `${event}: ${fieldsOf(portalEventVersions[event]?.schemas.at(-1) as TSchema, ['hashNonce']).join(', ')}`,
    );
    return `| \`${type}\` | ${events.join(', ')} | ${shapes.join('<br>')} |`;
  });
  return ['| `type` | Sent for the events | `data` (per event) |', '|---|---|---|', ...rows].join('\n');
}

const generated = (name: string, content: string) =>
  `<!-- generated: ${name} (tests/docs/integrations-doc.unit.test.ts) -->\n${content}\n<!-- end: ${name} -->`;

const blockPattern = (name: string) =>
  new RegExp(`<!-- generated: ${name} [^>]*-->\\n(?:[\\s\\S]*?\\n)?<!-- end: ${name} -->`);

describe('docs/integrations.md', () => {
  it('shows the envelope and each type as the contract and the event schemas declare them', () => {
    let doc = readFileSync(docPath, 'utf8');
    const blocks = {
      envelope: envelopeTable(WebhookTicketEnvelopeSchema),
      'receipt envelope': envelopeTable(WebhookReceiptEnvelopeSchema),
      'scale envelope': envelopeTable(WebhookScaleEnvelopeSchema),
      'project envelope': envelopeTable(WebhookProjectEnvelopeSchema),
      types: typesTable(),
    };
    for (const [name, content] of Object.entries(blocks)) {
      expect(doc, `a generated block '${name}'`).toMatch(blockPattern(name));
      doc = doc.replace(blockPattern(name), generated(name, content));
    }
    if (process.env.UPDATE_DOCS) writeFileSync(docPath, doc);
    expect(readFileSync(docPath, 'utf8')).toBe(doc);
  });
});
