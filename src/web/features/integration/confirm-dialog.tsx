import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';

type ConfirmDialogProps<T> = {
  title: string;
  lead: string;
  /** The button's words, and whether it destroys something (red). */
  confirm: string;
  danger?: boolean;
  cancel: string;
  /** The call, once confirmed; its answer goes to onDone, its failure in words above the buttons. */
  run: () => Promise<T>;
  errorText: (error: unknown) => string;
  onDone: (answer: T) => void | Promise<void>;
  onClose: () => void;
  /** The dialog's test id and its confirm button's. */
  testId: string;
  confirmTestId: string;
  children?: ReactNode;
};

/**
 * The Integrations page's "are you sure?" (revoke or rotate a key, delete an endpoint or a rule):
 * what will happen, what it is done to, and the call made only once confirmed.
 */
export function ConfirmDialog<T>({
  title,
  lead,
  confirm,
  danger,
  cancel,
  run,
  errorText,
  onDone,
  onClose,
  testId,
  confirmTestId,
  children,
}: ConfirmDialogProps<T>) {
  const act = useMutation({ mutationFn: run, onSuccess: onDone });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={lead}
      size="small"
      testId={testId}
      footer={
        <>
          <FormErrors messages={act.error ? [errorText(act.error)] : []} testId={`${testId}-errors`} />
          <Button variant="secondary" onClick={onClose}>
            {cancel}
          </Button>
          <Button variant={danger ? 'red' : 'primary'} loading={act.isPending} onClick={() => act.mutate()} data-testid={confirmTestId}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
