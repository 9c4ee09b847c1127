const LABELS: Record<string, string> = {
  ROLE_SUPERADMIN: 'Super admin',
  ROLE_ADMIN: 'Admin',
  ROLE_STAFF: 'Staff',
  ROLE_AGENT: 'Agent',
};

/** 'ROLE_ADMIN' → 'Admin'; an unknown role keeps a readable form of its name. */
export function roleLabel(role: string | undefined | null): string {
  if (!role) return '';
  return (
    LABELS[role] ??
    role
      .replace(/^ROLE_/, '')
      .replace(/_/g, ' ')
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase())
  );
}

/** Two letters for an avatar: 'Ada Lovelace' → 'AL', 'ada@x.test' → 'AD'. */
export function initialsOf(name: string | undefined | null): string {
  const words = (name ?? '')
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return `${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase();
}
