import { Avatar, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ElementType, ReactNode } from 'react';
import classes from './UserAvatarMenu.module.css';

export type UserAvatarMenuItem = {
  id: string;
  label: string;
  icon?: ReactNode;
  color?: string;
  /** The element to render, such as the app's router Link or 'a'; `itemProps` (to, href, ...) go to it. */
  component?: ElementType;
  itemProps?: Record<string, unknown>;
  onClick?: () => void;
  /** Draws a divider above this item. */
  dividerBefore?: boolean;
};

export type UserAvatarMenuProps = {
  name: string;
  avatarUrl?: string | null;
  items: UserAvatarMenuItem[];
  /** The trigger's accessible name, in the user's language. */
  label?: string;
};

/** The signed-in avatar with its dropdown; the app supplies the items and how each one navigates. */
export function UserAvatarMenu({ name, avatarUrl, items, label = 'Account menu' }: UserAvatarMenuProps) {
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={label} className={classes.trigger}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={avatarUrl ?? undefined} alt={name} radius="xl" size={36} />
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {name && <Menu.Label>{name}</Menu.Label>}
        {items.map((item) => (
          <MenuEntry key={item.id} item={item} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function MenuEntry({ item }: { item: UserAvatarMenuItem }) {
  // Menu.Item is polymorphic; the app decides the element (router link, plain anchor or button).
  const Item = Menu.Item as unknown as ElementType;
  return (
    <>
      {item.dividerBefore && <Menu.Divider />}
      <Item
        component={item.component ?? 'button'}
        {...item.itemProps}
        color={item.color}
        leftSection={item.icon}
        onClick={item.onClick}
      >
        {item.label}
      </Item>
    </>
  );
}
