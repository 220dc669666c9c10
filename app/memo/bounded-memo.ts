/**
 * Remembers what `compute` answered for the last `capacity` distinct keys. For work that
 * depends only on its key and recurs on every request (a User-Agent's summary, a stored
 * message's validated model, a prepared statement): done once, not per request. The bound
 * matters because keys can come from clients: the oldest answer is forgotten first.
 */
export function boundedMemo<K, V>(capacity: number, compute: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as V;
    const answer = compute(key);
    if (answers.size >= capacity) answers.delete(answers.keys().next().value as K);
    answers.set(key, answer);
    return answer;
  };
}
