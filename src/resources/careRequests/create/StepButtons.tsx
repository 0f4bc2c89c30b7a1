import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';

interface StepButtonsProps {
  /** Back moves one step (absent on the first step), keeping what was entered on this step without validating it. */
  onBack?: (values: Record<string, unknown>) => void;
  /** The last step submits the request instead of advancing. */
  last?: boolean;
  loading?: boolean;
}

/** Back and Next (or Submit request) of a stepper step; Next is a submit button, so the step's form validates first. */
export const StepButtons = ({ onBack, last = false, loading = false }: StepButtonsProps) => {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
      {onBack && (
        <Button onClick={() => onBack(getValues())} startIcon={<ArrowBackIcon />} disabled={loading}>
          {translate('caredesk.care.create.back')}
        </Button>
      )}
      <Button
        type="submit"
        variant="contained"
        loading={loading}
        loadingPosition="end"
        endIcon={last ? <SendIcon /> : <ArrowForwardIcon />}
      >
        {translate(last ? 'caredesk.care.create.submit' : 'caredesk.care.create.next')}
      </Button>
    </Box>
  );
};
