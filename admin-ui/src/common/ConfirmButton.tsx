import { IconButton, Tooltip } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Confirm, useRefresh, useTranslate } from 'react-admin';
import { useSubmit } from './useSubmit';

interface ConfirmButtonProps {
  /** i18n key of the button label (also the confirm button's label). */
  label: string;
  icon: ReactElement;
  /** i18n key of the confirm question (e.g. 'Are you sure to delete this Warehouse'). */
  question: string;
  /** i18n key of the success notification. */
  success: string;
  /** The API call; its rejection shows the server's message as an error notification. */
  run: () => Promise<unknown>;
  color?: 'error' | 'primary' | 'success';
}

/** An icon action that asks first (Confirm with the label and Cancel), then calls, notifies and refreshes. */
export const ConfirmButton = ({ label, icon, question, success, run, color = 'primary' }: ConfirmButtonProps) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { busy, attempt } = useSubmit();

  const confirm = async () => {
    await attempt(run, success, refresh);
    setOpen(false);
  };

  return (
    <>
      <Tooltip title={translate(label)}>
        <IconButton size="small" color={color} aria-label={translate(label)} onClick={() => setOpen(true)}>
          {icon}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={question}
        content=""
        confirm={label}
        cancel="app.cancel"
        confirmColor={color === 'error' ? 'warning' : 'primary'}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
