import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AuditChange } from '@inventory/common';
import type { AuditEvent, RecordNames } from './api';
import { useChangeText } from './changeText';

/** How many changes an event shows before 'Show n more' (a creation lists every field). */
const SHOWN_CHANGES = 4;

/** The action's name (`audit.actions.*`), or the API's word for an action the UI does not know yet. */
export function useActionLabel(): (action: string) => string {
  const translate = useTranslate();
  return (action) => translate(`audit.actions.${action}`, { _: action });
}

/** The record kind's name (`audit.entities.*`), or the API's word. */
export function useEntityLabel(): (entity: string) => string {
  const translate = useTranslate();
  return (entity) => translate(`audit.entities.${entity}`, { _: entity });
}

/** Who did it: the recorded name and, when recorded, the role's name ("Abebe Kebede (Admin)"). */
export function useActorText(): (user: AuditEvent['user']) => string {
  const translate = useTranslate();
  return ({ name, role }) => (role ? `${name} (${translate(`roles.${role}`, { _: role })})` : name);
}

/**
 * An event's changes, one `field: before → after` line each in the user's words (see
 * useChangeText: ids as the names in `names`, labels, formatted values), the first few at once and
 * the rest behind 'Show n more'. Inline elements only, so it may sit inside a list item's text.
 */
export const ChangeLines = ({ changes, names }: { changes: AuditChange[]; names?: RecordNames }) => {
  const translate = useTranslate();
  const changeText = useChangeText(names);
  const [all, setAll] = useState(false);
  if (changes.length === 0) {
    return <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>{translate('audit.no_changes')}</Typography>;
  }
  const shown = all ? changes : changes.slice(0, SHOWN_CHANGES);
  const hidden = changes.length - SHOWN_CHANGES;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {shown.map((change, i) => (
        <Typography
          key={`${change.field}-${i}`} component="span" variant="body2" data-testid="audit-change"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {changeText(change)}
        </Typography>
      ))}
      {hidden > 0 && (
        <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? translate('audit.fewer_changes') : translate('audit.more_changes', { count: hidden })}
        </Button>
      )}
    </Box>
  );
};
