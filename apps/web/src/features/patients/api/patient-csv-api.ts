import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientCsvWords as words } from '@vaidya/contract/patient-screens';
import { type ImportPatientsBody, patientCsvEndpoints } from '@vaidya/contract/patients';
import { callApi, downloadApi } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { patientKeys } from './patients-api';

/** Downloads the clinic's whole patient list as a CSV file. */
export function useExportPatients() {
  return useMutation({
    mutationFn: async () =>
      saveFile(await downloadApi(patientCsvEndpoints.exportCsv, {}), words.exportFileName),
  });
}

/** Checks (`dryRun`) or imports a CSV file; a real import has the lists ask again. */
export function useImportPatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ImportPatientsBody) => callApi(patientCsvEndpoints.importCsv, { body }),
    onSuccess: (answer) =>
      answer.data.dryRun
        ? undefined
        : queryClient.invalidateQueries({ queryKey: [...patientKeys.all, 'list'] }),
  });
}
