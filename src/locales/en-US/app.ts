export default {
  'app.title': 'Exam Ability',
};
