// What the Vitest global setups hand to the test files (see global-setup*.ts).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite dump file, or the template database's name on the PostgreSQL server. */
    databaseTemplate: string;
  }
}
export {};
