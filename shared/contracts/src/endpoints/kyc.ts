import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { CUSTOMER_API } from '../api-paths.ts';
import { identificationBody, identificationImageParams, identificationResult } from '../kyc.ts';

const USER = `${CUSTOMER_API}/user` as const;

/** Identity verification (KYC, SPEC §3, issue 26). */
export const kycEndpoints = defineEndpoints('kyc', {
  identification: {
    method: 'POST',
    path: `${USER}/identification`,
    summary:
      'Submits identity verification (name, birthdate, sex, country, address, phone, document with its photos, drawn signature) for review within 48 hours; answers 20001',
    description:
      "The photos and the signature are ids of the caller's private (encrypted) uploads. Refused with 10019 while one is pending or once verified.",
    body: identificationBody,
    result: identificationResult,
    callers: 'customer',
    refusals: { 409: z.null() },
  },
  getIdentification: {
    method: 'GET',
    path: `${USER}/getIdentification`,
    summary: "The caller's verification status, latest submission, its deadline, decision time and reason",
    result: identificationResult,
    callers: 'customer',
  },
  identificationImage: {
    method: 'GET',
    path: `${USER}/identification/images/:image`,
    summary: "An image of the caller's latest submission (a photo or the signature), decrypted for its owner only",
    description: 'Answers the image bytes under their stored type, not an envelope.',
    params: identificationImageParams,
    result: z.null(),
    callers: 'customer',
    refusals: { 404: z.null() },
  },
});
