/** A Receive dialog field's label: the catalogue's key under portal.dashboard.receive.fields. */
export const receiveFieldLabel = (field: string) => `portal.dashboard.receive.fields.${field}`;

/** The dialog's columns, shared by the ticket's summary and the fields to fill in. */
export const receiveGrid = {
  display: 'grid',
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
  columnGap: 3,
} as const;
