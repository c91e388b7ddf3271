import { NativeSelect } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ListScreen, ListSearchInput } from './list-screen.tsx';
import { renderUi } from './testing/render-ui.tsx';

const PEOPLE = ['Asha Verma', 'Ravi Kumar', 'Meera Iyer'];

function People() {
  const [text, setText] = useState('');
  const [role, setRole] = useState('all');
  const rows = PEOPLE.filter((name) => name.toLowerCase().includes(text.toLowerCase()));
  return (
    <ListScreen
      title="Users"
      subtitle="Everyone with an account"
      filtersLabel="User filters"
      filters={
        <>
          <ListSearchInput label="Search" placeholder="Name or email" value={text} onChange={setText} />
          <NativeSelect
            label="Role"
            value={role}
            onChange={(event) => setRole(event.currentTarget.value)}
            data={['all', 'admin']}
          />
        </>
      }
    >
      {rows.length === 0 ? (
        <p>No users match</p>
      ) : (
        <ul>
          {rows.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

describe('ListScreen', () => {
  it('shows the title, the filter bar as a search landmark, and the list the filters narrow', async () => {
    renderUi(<People />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Everyone with an account')).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'User filters' });
    const box = within(filters).getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveAttribute('maxlength');
    expect(within(filters).getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
    await userEvent.type(box, 'ravi');
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Ravi Kumar']);
    await userEvent.clear(box);
    await userEvent.type(box, 'nobody');
    expect(screen.getByText('No users match')).toBeInTheDocument();
  });
});
