/** Strings of returning and cancelling a list (issue 14), merged into src/i18n/en.ts as `corrections.*`. */
export const correctionMessages = {
  return: 'Return',
  cancel: 'Cancel List',
  reason: 'Reason',
  reason_required: 'Give the reason',
  returned_notice: 'Returned by %{name} on %{date}: %{reason}',
  incoming: {
    returned: 'Incoming List Returned Successfully',
    cancelled: 'Incoming List Cancelled Successfully',
  },
  outgoing: {
    returned: 'Outgoing List Returned Successfully',
    cancelled: 'Outgoing List Cancelled Successfully',
  },
};
