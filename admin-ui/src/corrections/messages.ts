/** Strings of returning and cancelling a list, merged into src/i18n/en.ts as `corrections.*`. */
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
  customer_return: {
    section: 'Customer Returns',
    open: 'Record Customer Return',
    title: 'Record Customer Return',
    record: 'Record Return',
    returnable: 'May still come back: %{quantity}',
    nothing: 'Enter a quantity for at least one line',
    too_much: 'A quantity is more than may still come back',
    none: 'No goods have come back from this list',
    by: 'Returned by %{name} on %{date}: %{reason}',
    credit_note: 'Credit Note',
    recorded: 'Customer Return Recorded Successfully',
  },
};
