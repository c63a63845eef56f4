export default {
  'app.title': '考试能力',
};
