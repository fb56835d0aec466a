import { useAppDispatch } from '../app/hooks';
import { toastError, toastSuccess } from '../features/toasts/toastSlice';
import { COMMON } from '../messages';
import { Button, type ButtonProps } from './ui';

/** Copies `text` to the clipboard and says so in a toast ('Kopyalandı!' unless told otherwise). */
export function CopyButton({ text, successMessage = COMMON.copied, children, ...rest }: Omit<ButtonProps, 'onClick'> & { text: string; successMessage?: string }) {
  const dispatch = useAppDispatch();
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      dispatch(toastSuccess(successMessage));
    } catch {
      dispatch(toastError(COMMON.copyFailed));
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void onCopy()} {...rest}>
      {children ?? COMMON.copy}
    </Button>
  );
}
