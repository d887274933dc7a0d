import { describe, expect, it } from 'vitest';
import { parseCampaignId } from '../../web/features/campaigns/campaign-id';
import { campaignPeriod } from '../../web/features/campaigns/campaign-period';
import { parseWeight, weightProblem } from '../../web/features/campaigns/components/weight-input';
import { publicFailureText } from '../../web/features/campaigns/public-failure-text';
import { ApiError } from '../../web/lib/api';
import { formatNumber, formatPoints, formatScore } from '../../web/lib/format';

describe('campaign values as the screens read and show them', () => {
  it('a non-numeric weight falls back to 10; 1 to 100 is accepted, anything else is told why', () => {
    expect(parseWeight('abc')).toBe(10);
    expect(parseWeight('')).toBe(10);
    expect(parseWeight('25')).toBe(25);
    expect(weightProblem(1)).toBeNull();
    expect(weightProblem(100)).toBeNull();
    expect(weightProblem(0)).toBe('El peso debe ser al menos 1');
    expect(weightProblem(101)).toBe('El peso no puede ser mayor a 100');
  });

  it('numbers show as Spanish writes them, at most two decimals and none when whole; scores in %, campaign totals in points', () => {
    expect(formatNumber(2500)).toBe('2500');
    expect(formatNumber(10000)).toBe('10.000');
    expect(formatNumber(733.3333)).toBe('733,33');
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatScore(100)).toBe('100%');
    expect(formatPoints(4000)).toBe('4000 pts');
    expect(formatPoints(12345.5)).toBe('12.345,5 pts');
  });

  it('a period reads dd/MM/yyyy - dd/MM/yyyy, or No definida without dates', () => {
    expect(campaignPeriod({ startDate: '2026-11-01', endDate: '2026-11-30' })).toBe('01/11/2026 - 30/11/2026');
    expect(campaignPeriod({ startDate: '', endDate: '' })).toBe('No definida');
  });

  it('only a positive whole number is a campaign id', () => {
    expect(parseCampaignId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-3', '1.5', 'abc', '99999999999999999999']) expect(parseCampaignId(bad)).toBeNull();
  });

  it('a public ranking that fails to load reads Error {status}: {status text}', () => {
    const body = { error: 'Servicio no disponible', message: 'Servicio no disponible' };
    expect(publicFailureText(new ApiError(503, JSON.stringify(body), body, 'Service Unavailable'))).toBe('Error 503: Service Unavailable');
    expect(publicFailureText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});
