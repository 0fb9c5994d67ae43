import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@meridian/platform';
import { Button } from '@meridian/ui';
import { ConfirmDialog } from '@meridian/ui/confirm-dialog';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { productsQueryOptions, updateInstrument } from '../api/settings-api.ts';

/** Halt or resume new orders on one instrument, after a confirmation that says it applies to everyone. */
export function InstrumentHalt({
  id,
  code,
  halted,
  onDone,
}: {
  id: number;
  code: string;
  halted: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useT(NAMESPACE);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const action = halted ? 'resume' : 'halt';
  return (
    <>
      <Button
        variant="secondary"
        className={adminStyles.compact}
        onClick={() => setOpen(true)}
        aria-label={t(`settings.${action}Named`, { code })}
        data-testid={`instrument-${action}`}
      >
        {t(`settings.${action}`)}
      </Button>
      {open ? (
        <ConfirmDialog
          confirmTestId="confirm-ok"
          title={t(`settings.${action}Title`, { code })}
          confirmLabel={t(`settings.${action}`)}
          danger={!halted}
          testId="instrument-confirm"
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            await updateInstrument(id, !halted);
            await queryClient.invalidateQueries({ queryKey: productsQueryOptions().queryKey });
            onDone(t(`settings.${action}Done`, { code }));
          }}
        >
          <p>{t(`settings.${action}Body`, { code })}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
