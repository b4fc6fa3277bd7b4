import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaVersionKey, storedVersionOf } from '@portal/domain';

/**
 * The frozen event corpus: streams of events as the portal stored them, every event type and version
 * it has ever written among them. Files here are never edited: a new version adds files.
 */
export const corpusDirectory = path.dirname(fileURLToPath(import.meta.url));

/** An event as stored: its type, its data and its metadata (which says its version). */
export interface CorpusEvent {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface CorpusStream {
  streamId: string;
  events: CorpusEvent[];
}

/** A payload's shape: its keys, nested objects' keys too, without the values. */
function shapeOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return typeof value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
  );
}

/**
 * What the capture covers: a type at a version with a payload shape, written before versions began
 * (no version in its metadata) or after.
 */
export const signatureOf = (event: CorpusEvent): string => {
  const stamped = schemaVersionKey in event.metadata ? '' : ' unversioned';
  return `${event.type}.v${storedVersionOf(event.metadata)}${stamped}:${JSON.stringify(shapeOf(event.data))}`;
};

export function loadCorpusStreams(): CorpusStream[] {
  const directory = path.join(corpusDirectory, 'streams');
  let files: string[];
  try {
    files = readdirSync(directory).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => ({
    streamId: file.replace(/\.json$/, ''),
    events: JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CorpusEvent[],
  }));
}

export const readCorpusJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(corpusDirectory, file), 'utf8')) as T;
