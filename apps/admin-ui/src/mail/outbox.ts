import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../dataProvider/http-client';

export const outboxPath = '/outbox';
export const outboxMailPath = (id: number | string) => `/outbox/${encodeURIComponent(String(id))}`;

export function useOutbox() {
  return useQuery({
    queryKey: ['outbox', 'list'],
    queryFn: () => call(endpoints.getMailOutbox, {}),
  });
}

export function useOutboxMail(id: string) {
  return useQuery({
    queryKey: ['outbox', 'mail', id],
    queryFn: () => call(endpoints.getMailOutboxById, { params: { id: Number(id) } }),
    retry: false,
  });
}

/** '812 bytes' or '14.2 KB' (a catalogue key and its arguments). */
export function sizeText(size: number): { key: string; args: { size: string } } {
  return size < 1024
    ? { key: 'portal.outbox.bytes', args: { size: String(size) } }
    : { key: 'portal.outbox.kilobytes', args: { size: (size / 1024).toFixed(1) } };
}
