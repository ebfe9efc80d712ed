package generated // want package:"hassleepers"
