import { createContext, useContext, type ReactNode } from "react";

/** What an OPERATION action can run: the page names its operations. */
export type Operations = Record<string, () => void>;

const OperationsContext = createContext<Operations>({});

export interface OperationsProviderProps {
  /** The page's operations, by the name OPERATION actions use. */
  operations: Operations;
  children: ReactNode;
}

/** Gives the text display models below it the page's operations. */
export function OperationsProvider({ operations, children }: OperationsProviderProps) {
  return <OperationsContext.Provider value={operations}>{children}</OperationsContext.Provider>;
}

export function useOperation(name: string): (() => void) | undefined {
  return useContext(OperationsContext)[name];
}

/** The operations in scope, for a part of the page that adds its own to them. */
export function useOperations(): Operations {
  return useContext(OperationsContext);
}
