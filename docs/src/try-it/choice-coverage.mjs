// Sets of Try it choices that between them take every option once (each key, each key form, each documented answer,
// each fault), per operation: what the tests send to the page's mock and to startMock(), and what lint type-checks
// the copies of. Named, so a failure says which.
import { defaultChoices, documentedAnswers, FAULT_CHOICES, KEY_CHOICES } from './try-it-request.mjs';

/**
 * @typedef {import('@thumbnail-api/spec/model').ContractModel} ContractModel
 * @typedef {import('@thumbnail-api/spec/model').ContractOperation} ContractOperation
 * @typedef {import('./try-it-request.mjs').TryItChoices} TryItChoices
 */

/**
 * @param {ContractModel} contract
 * @param {ContractOperation} operation
 * @param {{ timeLimitSeconds?: number }} [options] The time limit of the hang (short in tests).
 * @returns {{ name: string, choices: TryItChoices }[]}
 */
export function everyChoiceOnce(contract, operation, { timeLimitSeconds = 1 } = {}) {
  const base = { ...defaultChoices(operation), timeLimitSeconds };
  /** @type {{ name: string, choices: TryItChoices }[]} */
  const sets = [];
  for (const { value: key } of KEY_CHOICES) {
    for (const keyForm of /** @type {const} */ (['x-api-key', 'bearer'])) {
      if (key === 'none' && keyForm === 'bearer') continue;
      sets.push({ name: `key ${key}${key === 'none' ? '' : ` as ${keyForm}`}`, choices: { ...base, key, keyForm } });
    }
  }
  for (const { value: answer } of documentedAnswers(contract, operation)) sets.push({ name: `Prefer ${answer}`, choices: { ...base, answer } });
  for (const { value: fault } of FAULT_CHOICES) {
    if (fault !== 'none') sets.push({ name: `fault ${fault}`, choices: { ...base, fault, keyForm: fault === 'hang' ? 'bearer' : 'x-api-key' } });
  }
  return sets;
}
