export declare function giveElementsASize(width?: number, height?: number): void;
