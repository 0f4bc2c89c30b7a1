/** The same nesting as T with every leaf a string: the type a complete translation must have. */
export type DeepStringRecord<T> = { [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]> };
