/** Answer sounds with the Web Audio API; a failure is only logged. */
let context: AudioContext | undefined;

function audio(): AudioContext {
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

function tone(ctx: AudioContext, type: OscillatorType, start: number, duration: number, from: number, to = from) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(from, start);
  if (to !== from) oscillator.frequency.linearRampToValueAtTime(to, start + duration);
  gain.gain.setValueAtTime(0.2, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + duration);
}

/** Three rising sine tones (C5, E5, G5), 0.15 s apart, 0.2 s each. */
export function playCorrectSound(): void {
  try {
    const ctx = audio();
    [523.25, 659.25, 783.99].forEach((frequency, i) => tone(ctx, 'sine', ctx.currentTime + i * 0.15, 0.2, frequency));
  } catch {
    console.warn('Audio no disponible');
  }
}

/** A sawtooth falling from 300 to 150 Hz over 0.5 s. */
export function playWrongSound(): void {
  try {
    const ctx = audio();
    tone(ctx, 'sawtooth', ctx.currentTime, 0.5, 300, 150);
  } catch {
    console.warn('Audio no disponible');
  }
}
