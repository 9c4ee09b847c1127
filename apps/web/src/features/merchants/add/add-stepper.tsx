import {
  Box,
  ButtonBase,
  LinearProgress,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';

type Props = {
  /** Every step's label, the review last. */
  labels: readonly string[];
  step: number;
  /** Goes back to an earlier step (the later ones open through Next). */
  onGoTo: (index: number) => void;
};

/**
 * Where the add form stands. From 600px the steps side by side, the done ones as buttons back to
 * them; on a phone one line, "Step 3 of 7 · Owners", since seven labels do not fit 390px. A plain
 * ordered list (the current step aria-current), not MUI's StepButton: that makes the stepper a
 * tablist of tabs with no panels, each wrapped in a role="presentation" item.
 */
export function AddStepper({ labels, step, onGoTo }: Props) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (narrow) {
    return (
      <Box sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="p">
          Step {step + 1} of {labels.length} · {labels[step]}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((step + 1) / labels.length) * 100}
          aria-hidden
          sx={{ mt: 1, borderRadius: 1 }}
        />
      </Box>
    );
  }
  return (
    <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Steps">
      {labels.map((label, index) => (
        <Step key={label} completed={index < step} aria-current={index === step ? 'step' : undefined}>
          {index < step ? (
            <ButtonBase onClick={() => onGoTo(index)} sx={{ width: '100%', borderRadius: 1, py: 0.5 }}>
              <StepLabel>{label}</StepLabel>
            </ButtonBase>
          ) : (
            <StepLabel>{label}</StepLabel>
          )}
        </Step>
      ))}
    </Stepper>
  );
}
