import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddStaffBody,
  type DoctorProfileBody,
  type StaffMember,
  staffEndpoints,
  type UpdateStaffBody,
} from '@vaidya/contract/staff';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

const staffKey = ['staff'];

/** The clinic's staff, for an owner (get-staff). */
export function useStaff(enabled = true) {
  return useQuery({
    queryKey: staffKey,
    queryFn: async ({ signal }) => (await callApi(staffEndpoints.list, { signal })).data,
    retry: retryOnceUnlessRefused,
    enabled,
  });
}

/**
 * A saved member replaces their row in the list at once; the clinic's details are asked for
 * again too, as its doctors (the queue and bill pickers) and the signed-in user may have changed.
 */
function useStoreMember() {
  const queryClient = useQueryClient();
  return (member: StaffMember) => {
    queryClient.setQueryData<StaffMember[]>(staffKey, (staff) => {
      if (!staff) return staff;
      const known = staff.some((row) => row.user_id === member.user_id);
      return known ? staff.map((row) => (row.user_id === member.user_id ? member : row)) : [...staff, member];
    });
    void queryClient.invalidateQueries({ queryKey: staffKey });
    return queryClient.invalidateQueries({ queryKey: sharedKeys.partnerDetails });
  };
}

export function useAddStaff() {
  const store = useStoreMember();
  return useMutation({
    mutationFn: (body: AddStaffBody) => callApi(staffEndpoints.add, { body }),
    onSuccess: (answer) => store(answer.data.member),
  });
}

export function useUpdateStaff() {
  const store = useStoreMember();
  return useMutation({
    mutationFn: (body: UpdateStaffBody) => callApi(staffEndpoints.update, { body }),
    onSuccess: (answer) => store(answer.data),
  });
}

/** Reset password, disable and enable: one member's id, a changed member (and a password) back. */
export function useStaffAction() {
  const store = useStoreMember();
  return useMutation({
    mutationFn: async ({
      action,
      userId,
    }: {
      action: 'resetPassword' | 'disable' | 'enable';
      userId: string;
    }) => {
      if (action === 'resetPassword') {
        const answer = await callApi(staffEndpoints.resetPassword, { body: { userId } });
        return {
          member: answer.data.member,
          password: answer.data.temporary_password,
          message: answer.message,
        };
      }
      const answer = await callApi(staffEndpoints[action], { body: { userId } });
      return { member: answer.data, password: null, message: answer.message };
    },
    onSuccess: (result) => store(result.member),
  });
}

export function useUpdateDoctorProfile() {
  const store = useStoreMember();
  return useMutation({
    mutationFn: (body: DoctorProfileBody) => callApi(staffEndpoints.updateDoctorProfile, { body }),
    onSuccess: (answer) => store(answer.data),
  });
}
