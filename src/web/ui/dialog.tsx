import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { CloseIcon } from './icons.tsx';
import { useReturnFocus } from './return-focus.ts';
import './dialog.css';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Hides the close button (for mandatory choices such as the terms screen). */
  dismissible?: boolean;
  size?: 'small' | 'medium' | 'full';
  testId?: string;
};

/** Accessible modal dialog: focus trap, Escape, labelled by its title (Radix Dialog). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  size = 'medium',
  testId,
}: DialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
          data-testid={testId}
          {...returnFocus}
          onEscapeKeyDown={(event) => (dismissible ? undefined : event.preventDefault())}
          onPointerDownOutside={(event) => (dismissible ? undefined : event.preventDefault())}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {dismissible ? (
              <RadixDialog.Close className="dialog__close" aria-label={t('common.close')}>
                <CloseIcon />
              </RadixDialog.Close>
            ) : null}
          </header>
          {description ? <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description> : null}
          {children ? <div className="dialog__body">{children}</div> : null}
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
