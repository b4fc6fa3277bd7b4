import { text } from '../common/form-values';

/** The body of a record that is only its name: a company, a material, a material type. */
export const toNamePayload = (data: Record<string, unknown>) => ({ name: text(data.name) });

/**
 * A company's record travels beside the company's id, `{<companyField>, <recordField>}`;
 * on edit the record carries its id and version.
 */
export const companyEnvelope =
  (companyField: string, recordField: string) =>
  ({ [companyField]: companyId, ...record }: Record<string, unknown>) => ({
    [companyField]: companyId,
    [recordField]: record,
  });
