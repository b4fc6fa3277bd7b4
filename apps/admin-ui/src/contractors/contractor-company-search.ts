import { endpoints } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../dataProvider/http-client';

/**
 * `GET /api/contractorcompany/all?name=`: the server filters by name (case-insensitive contains) and lists
 * which contractors are over threshold, which a plain getList would drop. The key starts with the
 * resource's getList key so that react-admin refetches it after a company is deleted.
 */
export function useContractorCompanySearch(name: string) {
  return useQuery({
    queryKey: ['contractorCompanies', 'getList', { search: name }],
    queryFn: () => call(endpoints.getContractorcompanyAll, { query: name ? { name } : {} }),
    // While a new search runs, the table keeps the previous answer instead of blanking.
    placeholderData: keepPreviousData,
  });
}
